#pragma once
// Converts a game State to and from a plain Python dict by walking the fields the State names in
// its visit() method. Only types and capacities are checked here; the game's validate() checks
// the rules' invariants afterwards.
#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "lifespan/common/errors.hpp"
#include "lifespan/common/fixed_vector.hpp"

namespace lifespan::bindings {
namespace py = pybind11;

template <class T>
struct is_fixed_vector : std::false_type {};
template <class T, std::size_t N>
struct is_fixed_vector<FixedVector<T, N>> : std::true_type {};
template <class T>
struct is_std_array : std::false_type {};
template <class T, std::size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};

class ToRecord {
 public:
  py::dict dict;

  template <class T>
  void operator()(const char* name, const T& field) {
    dict[name] = convert(field);
  }
  template <class T>
  void optional(const char* name, const T& field) {
    (*this)(name, field);
  }
  template <class T>
  void list(const char* name, const T* items, int count) {
    py::list out;
    for (int i = 0; i < count; ++i) out.append(convert(items[i]));
    dict[name] = out;
  }

  template <class T>
  static py::object convert(const T& field) {
    if constexpr (std::is_same_v<T, bool>) {
      return py::bool_(field);
    } else if constexpr (std::is_enum_v<T>) {
      return py::int_(static_cast<long long>(field));
    } else if constexpr (std::is_integral_v<T>) {
      return py::int_(field);
    } else if constexpr (is_fixed_vector<T>::value || is_std_array<T>::value) {
      py::list out;
      for (const auto& item : field) out.append(convert(item));
      return out;
    } else {
      ToRecord nested;
      const_cast<T&>(field).visit(nested);  // visit() only reads when given a ToRecord
      return nested.dict;
    }
  }
};

class FromRecord {
 public:
  FromRecord(py::handle source, std::string path) : path_(std::move(path)) {
    if (!py::isinstance<py::dict>(source)) fail(path_, "must be an object");
    dict_ = py::reinterpret_borrow<py::dict>(source);
  }

  template <class T>
  void operator()(const char* name, T& field) {
    read(take(name), path_ + "." + name, field);
  }
  // A field added to a format after documents of it were written: absent keeps the default.
  template <class T>
  void optional(const char* name, T& field) {
    if (dict_.contains(name)) (*this)(name, field);
  }
  template <class T>
  void list(const char* name, T* items, int count) {
    const std::string where = path_ + "." + name;
    py::handle value = take(name);
    if (!py::isinstance<py::list>(value)) fail(where, "must be a list");
    auto seq = py::reinterpret_borrow<py::list>(value);
    if (static_cast<int>(seq.size()) != count)
      fail(where, "must hold " + std::to_string(count) + " entries, one per player");
    for (int i = 0; i < count; ++i) read(seq[i], where + "[" + std::to_string(i) + "]", items[i]);
  }
  // Every key must have been read: an unknown field is an error, not silently dropped.
  void finish() const {
    for (auto item : dict_)
      if (!read_.contains(item.first))
        fail(path_ + "." + py::str(item.first).cast<std::string>(), "unknown field");
  }

 private:
  [[noreturn]] static void fail(const std::string& where, const std::string& what) {
    throw StateFormatError(where + ": " + what);
  }
  py::handle take(const char* name) {
    if (!dict_.contains(name)) fail(path_ + "." + name, "missing");
    read_.add(py::str(name));
    return dict_[name];
  }

  template <class T>
  static void read(py::handle value, const std::string& where, T& field) {
    if constexpr (std::is_same_v<T, bool>) {
      if (!py::isinstance<py::bool_>(value)) fail(where, "must be true or false");
      field = value.cast<bool>();
    } else if constexpr (std::is_enum_v<T>) {
      std::underlying_type_t<T> raw{};
      read(value, where, raw);
      field = static_cast<T>(raw);
    } else if constexpr (std::is_integral_v<T>) {
      if (!py::isinstance<py::int_>(value) || py::isinstance<py::bool_>(value))
        fail(where, "must be an integer");
      const auto wide = value.cast<py::int_>();
      if (wide < py::int_(std::numeric_limits<T>::min()) ||
          wide > py::int_(std::numeric_limits<T>::max()))
        fail(where, "out of range " + std::to_string(+std::numeric_limits<T>::min()) + " to " +
                        std::to_string(+std::numeric_limits<T>::max()));
      field = wide.cast<T>();
    } else if constexpr (is_fixed_vector<T>::value || is_std_array<T>::value) {
      if (!py::isinstance<py::list>(value)) fail(where, "must be a list");
      auto seq = py::reinterpret_borrow<py::list>(value);
      if constexpr (is_fixed_vector<T>::value) {
        if (seq.size() > T::capacity())
          fail(where, "holds more than " + std::to_string(T::capacity()) + " entries");
        field.clear();
        for (std::size_t i = 0; i < seq.size(); ++i) {
          typename T::value_type item{};
          read(seq[i], where + "[" + std::to_string(i) + "]", item);
          field.push_back(item);
        }
      } else {
        if (seq.size() != field.size())
          fail(where, "must hold exactly " + std::to_string(field.size()) + " entries");
        for (std::size_t i = 0; i < seq.size(); ++i)
          read(seq[i], where + "[" + std::to_string(i) + "]", field[i]);
      }
    } else {
      FromRecord nested(value, where);
      field.visit(nested);
      nested.finish();
    }
  }

  std::string path_;
  py::dict dict_;
  py::set read_;
};

}  // namespace lifespan::bindings
