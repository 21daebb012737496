// SPDX-License-Identifier: GPL-3.0-or-later
// Copyright (c) 2026 The gprof/libgmon authors.
//
// tests/cli/data/exports.cc: a C++ program for the exports' suites
// (tests/cli/t-exports.sh, tests/runtime/t-cxxthreads.sh): a class
// template's call operator, a member template, a template call operator
// in a namespace, two lambdas (one called
// through std::function), a std::thread, an exception, libm's sin through
// the PLT.  Each part spins about as long as the others: N (argv[1],
// default 1) times 10,000,000 iterations.
#include <cmath>
#include <cstdlib>
#include <functional>
#include <stdexcept>
#include <thread>

static volatile double sink;

template <typename T> struct Adder {
	T step;
	void operator()(long n) const { for (volatile long i = 0; i < n; i++) sink = sink + step; }
	template <typename F> void apply(F f, long n) const { f(n); }
};

namespace shapes {
struct Scale {
	template <typename T> void operator()(T by, long n) const
	{
		for (volatile long i = 0; i < n; i++) sink = sink * by;
	}
};
} // namespace shapes

static void sines(long n) { for (long i = 0; i < n; i++) sink = sink + std::sin((double)i); }

__attribute__((noinline)) static void allocate(long n)
{
	for (long i = 0; i < n; i++) {
		void *volatile block = std::malloc(16 + i % 64);
		std::free(block);
	}
}

static void thrower(long n) { if (n > 0) throw std::runtime_error("caught"); }

static void worker(long n)
{
	Adder<double> add{ 0.5 };
	add(n);
}

int main(int argc, char **argv)
{
	long n = (argc > 1 ? std::atol(argv[1]) : 1) * 10000000;
	auto first = [](long k) { for (volatile long i = 0; i < k; i++) sink = sink + 1; };
	std::function<void(long)> second =
		[](long k) { for (volatile long i = 0; i < k; i++) sink = sink + 2; };
	std::thread t(worker, 2 * n);
	first(n);
	second(n);
	Adder<int>{ 3 }.apply(Adder<int>{ 3 }, n);
	shapes::Scale{}(1.0, n);
	sines(n / 10);
	allocate(n / 4);
	try {
		thrower(n);
	} catch (const std::exception &) {
	}
	t.join();
	return 0;
}
