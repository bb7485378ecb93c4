#pragma once
// A vector with its capacity in the type: no heap, trivially copyable, so a state that holds
// only these copies with memcpy. Equality looks at the live elements only.
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace lifespan {

template <class T, std::size_t Capacity>
class FixedVector {
  static_assert(std::is_trivially_copyable_v<T>);
  static_assert(Capacity < 256, "size is stored in one byte");

 public:
  using value_type = T;
  static constexpr std::size_t capacity() { return Capacity; }

  constexpr std::size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr bool full() const { return size_ == Capacity; }
  constexpr void clear() { size_ = 0; }

  constexpr T& operator[](std::size_t i) { return items_[i]; }
  constexpr const T& operator[](std::size_t i) const { return items_[i]; }
  constexpr T* begin() { return items_.data(); }
  constexpr T* end() { return items_.data() + size_; }
  constexpr const T* begin() const { return items_.data(); }
  constexpr const T* end() const { return items_.data() + size_; }
  constexpr T& back() { return items_[size_ - 1]; }
  constexpr const T& back() const { return items_[size_ - 1]; }

  // Callers check capacity first where the rules allow overflow; the assert catches engine bugs.
  constexpr void push_back(T value) { items_[size_++] = value; }
  constexpr T pop_back() { return items_[--size_]; }
  // push_back(value) if `keep`, without a branch: for lists built from unpredictable tests.
  // Needs room for the value either way.
  constexpr void push_back_if(bool keep, T value) {
    items_[size_] = value;
    size_ = static_cast<std::uint8_t>(size_ + keep);
  }

  constexpr void insert(std::size_t pos, T value) {
    for (std::size_t i = size_; i > pos; --i) items_[i] = items_[i - 1];
    items_[pos] = value;
    ++size_;
  }
  constexpr void erase(std::size_t pos) {
    std::copy(begin() + pos + 1, end(), begin() + pos);
    --size_;
  }
  T pop_front() {
    const T first = items_[0];
    erase_front(1);
    return first;
  }
  // Removes the first `count` elements (at most size()). Decks dealt from the bottom do this on
  // every card, so a short vector, the usual case, moves one fixed 32-byte window through a
  // scratch array (two vector moves) instead of calling memmove. Several cards leave with one
  // move: one pop_front after another would load each window just stored one element further
  // on, a load the CPU cannot forward from that store and stalls on.
  void erase_front(std::size_t count) {
    assert(count <= size_);
    constexpr std::size_t kWindow = std::min<std::size_t>(32, sizeof(items_));
    const std::size_t kept = size_ - count;
    if (kept * sizeof(T) <= kWindow && count * sizeof(T) + kWindow <= sizeof(items_)) {
      std::array<std::uint8_t, kWindow> moved;
      std::memcpy(moved.data(), reinterpret_cast<const std::uint8_t*>(items_.data() + count), kWindow);
      std::memcpy(items_.data(), moved.data(), kWindow);
    } else {
      std::memmove(items_.data(), items_.data() + count, kept * sizeof(T));
    }
    size_ = static_cast<std::uint8_t>(kept);
  }
  // Index of the first element equal to value, or -1.
  constexpr int find(T value) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (items_[i] == value) return static_cast<int>(i);
    return -1;
  }
  constexpr bool contains(T value) const { return find(value) >= 0; }
  // Keeps an ascending vector ascending.
  constexpr void insert_sorted(T value) {
    std::size_t pos = size_;
    while (pos > 0 && value < items_[pos - 1]) --pos;
    insert(pos, value);
  }

  constexpr bool operator==(const FixedVector& other) const {
    return size_ == other.size_ && std::equal(begin(), end(), other.begin());
  }

 private:
  // Left uninitialised by default: a scratch list (an action list, say) costs nothing to make.
  // A State is value-initialised where it is created (`State s{}`), which zeroes these too.
  std::uint8_t size_ = 0;
  std::array<T, Capacity> items_;
};

}  // namespace lifespan
