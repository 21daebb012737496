// SPDX-License-Identifier: GPL-3.0-or-later
// tests/cli/t-pictures.sh: long C++ names (namespaces, class templates
// with several arguments, standard containers as arguments, overloads,
// const members) for --strip and --wrap.
#include <map>
#include <string>
#include <vector>

namespace analytics {
namespace pipeline {
namespace detail {

template <typename Key, typename Value, typename Compare = std::less<Key>>
class Ledger {
public:
	__attribute__((noinline)) void record(const Key &key, const Value &value)
	{
		rows_[key].push_back(value);
	}
	__attribute__((noinline)) double total(const Key &key) const
	{
		double sum = 0;
		auto it = rows_.find(key);
		if (it == rows_.end())
			return 0;
		for (int round = 0; round < 40; round++)
			for (const Value &v : it->second)
				sum += weigh(v) / (round + 1);
		return sum;
	}

private:
	static double weigh(const std::pair<int, double> &v) { return v.first * v.second; }
	static double weigh(double v) { return v; }
	std::map<Key, std::vector<Value>, Compare> rows_;
};

template <typename Container>
__attribute__((noinline)) double reduce_all(const Container &items, const std::vector<std::string> &keys)
{
	double sum = 0;
	for (const std::string &k : keys)
		sum += items.total(k);
	return sum;
}

} // namespace detail

template <typename Number>
__attribute__((noinline)) std::vector<std::pair<int, Number>> make_series(int count, Number scale)
{
	std::vector<std::pair<int, Number>> series;
	for (int i = 0; i < count; i++)
		series.emplace_back(i % 17, scale * i);
	return series;
}

} // namespace pipeline
} // namespace analytics

using namespace analytics::pipeline;

int main()
{
	detail::Ledger<std::string, std::pair<int, double>> pairs;
	detail::Ledger<std::string, double, std::greater<std::string>> plain;
	std::vector<std::string> keys = { "alpha", "beta", "gamma", "delta" };
	double sum = 0;

	for (int pass = 0; pass < 20; pass++) {
		for (const std::string &k : keys)
			for (const auto &p : make_series<double>(2000, 0.5))
				pairs.record(k, p);
		for (const std::string &k : keys)
			for (const auto &p : make_series<float>(2000, 0.25f))
				plain.record(k, p.second);
		sum += detail::reduce_all(pairs, keys) + detail::reduce_all(plain, keys);
	}
	return sum > 0 ? 0 : 1;
}
