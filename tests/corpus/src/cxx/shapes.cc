// SPDX-License-Identifier: GPL-3.0-or-later
// C++: namespaces, classes with virtual methods, templates, overloads,
// constructors and operators; names in the report are demangled.
#include <cstdio>
#include <vector>

namespace geo {

class Shape {
public:
	virtual ~Shape() {}
	virtual double area() const = 0;
};

class Rect : public Shape {
public:
	Rect(double w, double h) : w_(w), h_(h) {}
	double area() const override { return w_ * h_; }
private:
	double w_, h_;
};

class Circle : public Shape {
public:
	explicit Circle(double r) : r_(r) {}
	double area() const override
	{
		double a = 0;
		for (int i = 0; i < 3000; i++)
			a += 3.14159265358979 * r_ * r_ / 3000.0;
		return a;
	}
private:
	double r_;
};

namespace detail {
template <typename T> T accumulate(const std::vector<T> &v)
{
	T sum = T();
	for (const T &x : v)
		sum = sum + x;
	return sum;
}
} // namespace detail

} // namespace geo

struct Vec2 {
	double x, y;
	Vec2 operator+(const Vec2 &o) const { return Vec2{x + o.x, y + o.y}; }
};

static volatile double sink;

double scale(double v) { return v * 1.5; }
double scale(double v, double f) { return v * f; }
int scale(int v) { return v * 3; }

template <int N> double power(double x)
{
	double r = 1;
	for (int i = 0; i < N; i++)
		r *= x;
	return r;
}

int main()
{
	std::vector<geo::Shape *> shapes;
	for (int i = 0; i < 100; i++) {
		if (i % 2)
			shapes.push_back(new geo::Rect(i, i + 1));
		else
			shapes.push_back(new geo::Circle(i));
	}
	double total = 0;
	for (int round = 0; round < 400; round++)
		for (geo::Shape *s : shapes)
			total += scale(s->area());
	std::vector<double> d(1000, 0.5);
	std::vector<int> n(1000, 2);
	std::vector<Vec2> p(1000, Vec2{1, 2});
	for (int round = 0; round < 600; round++) {
		total += geo::detail::accumulate(d);
		total += scale(geo::detail::accumulate(n));
		total += scale(geo::detail::accumulate(p).x, 2.0);
		total += power<3>(1.01) + power<7>(1.001);
	}
	for (geo::Shape *s : shapes)
		delete s;
	sink = total;
	std::printf("%.1f\n", total);
	return 0;
}
