#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# embed.sh: files as C arrays of bytes, ended by a 0, for a program to
# print (gprof --html's script and style).  Only od and awk: no xxd.
#
# usage: build-aux/embed.sh NAME=FILE[+FILE...]... > out.h
# (NAME=A+B: the files one after the other, as one array)
set -eu
echo "/* made by build-aux/embed.sh from the files named below: do not edit */"
for arg in "$@"; do
	name=${arg%%=*}
	files=$(echo "${arg#*=}" | tr + ' ')
	# the page inlines them: they must not close their own element
	for file in $files; do
		if grep -qi '</script\|</style' "$file"; then
			echo "embed.sh: $file holds a closing </script> or </style>" >&2
			exit 1
		fi
	done
	echo "/* $files */"
	echo "static const unsigned char $name[] = {"
	# shellcheck disable=SC2086
	cat $files | od -An -v -tx1 | awk '{ line = ""; for (i = 1; i <= NF; i++) line = line "0x" $i ","; print line }'
	echo "0 };"
done
