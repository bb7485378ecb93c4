#pragma once
// The whole position as one fixed-size value (docs/pursuit_of_happiness_engine.md §3).
#include <array>
#include <cstdint>

#include "lifespan/common/fixed_vector.hpp"
#include "lifespan/common/chance.hpp"
#include "lifespan/pursuit_of_happiness/constants.hpp"

namespace lifespan::pursuit_of_happiness {

// kCommunity (later than the others, so saved steps keep their numbers): the End of Round
// resolution of the Community board, one achievement choice at a time.
// kKids and kTrigger (later still): a seat keeps or discards each Kid of a Partner it has just
// discarded (Experiences rulebook, Kids), and chooses which of two Nostalgia board cards waiting
// for the same action has its Passive Trigger activated (Nostalgia rulebook, 3.2).
enum class Step : std::uint8_t { kChooseTrait, kUpkeep, kAction, kPay, kGameOver, kCommunity, kKids, kTrigger };
inline constexpr int kNumSteps = 8;
inline constexpr const char* kStepNames[kNumSteps] = {"choose trait", "upkeep", "action", "pay",
                                                      "over", "community", "kids", "trigger"};

enum CardKind : std::uint8_t {
  kProjectCard, kItemCard, kJobCard, kPartnerCard, kExperienceCard, kKidCard, kNostalgiaCard,
  kNumCardKinds
};

// Flags of a card in play.
enum : std::uint8_t {
  kInActiveSlot = 1 << 0,   // a Project, Job or Partner taking one of the 3 Active slots
  kArchived = 1 << 1,       // completed Project or retired Job: no slot, kept for scoring
  kStartedThisRound = 1 << 2,
  kRetired = 1 << 3,
  kUpkeepDue = 1 << 4,      // the Upkeep phase still waits for this card's decision
  kCompleted = 1 << 5,      // a Project that counts as completed
  kByStartRelationship = 1 << 6,  // a Partner taken with the Start a Relationship board action
  kAbilityUsed = 1 << 7,    // a Nostalgia free-action Ability used this round
};

// Check Marks on a Nostalgia board card (NostalgiaSlot::marks).
enum : std::uint8_t {
  kPassiveDone = 1 << 0,
  kActiveDone = 1 << 1,
};

// A player's Event flags (PlayerState::event_flags).
enum : std::uint8_t {
  kEventTaskDone = 1 << 0,  // did the revealed Event's task this round
  kEventApplies = 1 << 1,   // the Event in effect this round applies to this player
};

struct InPlay {
  std::uint8_t kind = 0;    // CardKind
  std::uint8_t id = 0;      // index in the kind's table
  std::uint8_t face = 0;    // Jobs and Partners: which face
  std::uint8_t level = 1;   // level reached (1-based)
  std::uint8_t time = 0;    // Hourglasses on the card this round
  std::uint8_t flags = 0;
  std::array<std::int8_t, kMaxRoles> roles{-1, -1, -1, -1};  // group Projects: seat per role
  std::int8_t parent = -1;  // a Kid: the Partner card (its id) it was born to
  std::uint8_t stored = 0;  // a Nostalgia store Ability: units left on the card
  bool operator==(const InPlay&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("kind", kind); v("id", id); v("face", face); v("level", level);
    v("time", time); v("flags", flags); v("roles", roles);
    v.optional("parent", parent);
    v.optional("stored", stored);
  }
};

// A card slot of a player's Nostalgia board.
struct NostalgiaSlot {
  std::int8_t card = -1;     // a Nostalgia card, Reminiscence side up, or -1: empty
  std::uint8_t marks = 0;    // Check Marks: kPassiveDone, kActiveDone
  bool operator==(const NostalgiaSlot&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("card", card); v("marks", marks);
  }
};

// A card reserved on a player's Dream board (Experiences).
struct Dreamt {
  std::int8_t source = -1;   // a Row, kExperienceSource, or -1: the slot is empty
  std::uint8_t entry = 0;    // as the row or the Experiences board holds it
  std::uint8_t desire = 0;   // Desire tokens, at most 3
  bool operator==(const Dreamt&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("source", source); v("entry", entry); v("desire", desire);
  }
};

struct PlayerState {
  std::array<std::uint8_t, kNumResources> resources{};  // Knowledge, Creativity, Influence
  std::uint8_t money = 0;
  std::int8_t sth = 0;
  std::int16_t lth = 0;
  std::int16_t lth_from_cards = 0;   // LTH gained from card rewards (a Life Goal measure)
  std::int16_t lth_from_nostalgia = 0;  // the part of it Nostalgia cards gave (the score by
                                        // source; saved from format version 3)
  std::uint8_t stress = 0;           // position on the Stress track, 0 = calmest
  std::uint8_t hourglasses = 0;      // left to place this round
  std::uint8_t hourglasses_spent = 0;  // placed or paid this round (at most 9 with those left)
  std::uint8_t upkeep_relief = 0;    // coins of upkeep relief left this round (a Child Trait)
  std::uint8_t hourglasses_next = 0; // Overtime Hourglasses for next round
  bool alive = true;
  bool inherited = false;            // Inheritance already scored (inheritance_timing = death)
  std::int8_t trait = -1;
  FixedVector<std::uint8_t, kTraitOffer> trait_offer;
  std::uint16_t spaces_used = 0;     // board spaces holding one of this seat's Hourglasses
  std::uint8_t completed_projects = 0;
  // Jobs retired and Partners taken to level 3 in this life (Life Goal measures): each still
  // counts once the card has gone.
  std::uint8_t jobs_retired = 0;
  std::uint8_t partners_to_level_3 = 0;
  std::uint8_t goals = 0;            // Life Goals claimed (count)
  std::uint8_t event_flags = 0;
  std::int8_t cloud = -1;                  // the board space holding the Cloud this round, -1
                                           // while unused, kNumSpaces once the seat passed
  std::uint8_t experiences = 0;            // Experiences completed (set aside)
  std::array<Dreamt, kMaxDreamSlots> dream{};
  FixedVector<std::uint8_t, kNostalgiaHand> nostalgia_hand;  // hidden from the other seats
  std::array<NostalgiaSlot, kNostalgiaSlots> nostalgia_board{};
  std::array<std::uint8_t, 3> school_credits{};  // School courses taken, by Job category
  std::uint8_t degrees = 0;           // School degrees, one bit per Job category
  std::uint8_t popularity = 0;        // the Popularity track, 0 = its leftmost space (Community)
  std::int8_t meeple = -1;            // the Community board slot holding the meeple this round,
                                      // -1 unused, kCommunitySlots once the seat passed
  std::int8_t relative = -1;          // the Relative card still in the game, or -1
  std::uint8_t relative_level = 0;    // its Level indicator: an index into the card's numbers
  FixedVector<InPlay, kMaxInPlay> cards;
  // Derived from the cards, so not saved: the slot of the seat's Job (one at a time), or -1.
  // Saves every promotion candidate a scan of the play area.
  std::int8_t job_slot = -1;
  bool operator==(const PlayerState&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("resources", resources); v("money", money); v("sth", sth); v("lth", lth);
    v("lth_from_cards", lth_from_cards); v.optional("lth_from_nostalgia", lth_from_nostalgia);
    v("stress", stress); v("hourglasses", hourglasses);
    v("hourglasses_spent", hourglasses_spent); v("upkeep_relief", upkeep_relief);
    v("hourglasses_next", hourglasses_next); v("alive", alive); v("inherited", inherited);
    v("trait", trait);
    v("trait_offer", trait_offer); v("spaces_used", spaces_used);
    v("completed_projects", completed_projects); v("goals", goals); v("cards", cards);
    v.optional("event_flags", event_flags);
    v.optional("cloud", cloud); v.optional("experiences", experiences); v.optional("dream", dream);
    v.optional("nostalgia_hand", nostalgia_hand); v.optional("nostalgia_board", nostalgia_board);
    v.optional("relative", relative); v.optional("relative_level", relative_level);
    v.optional("school_credits", school_credits); v.optional("degrees", degrees);
    v.optional("popularity", popularity); v.optional("meeple", meeple);
    v.optional("jobs_retired", jobs_retired); v.optional("partners_to_level_3", partners_to_level_3);
  }
};

// A cost being paid one resource unit at a time (Step::kPay). `units` resources are still to
// choose, in non-decreasing kind order from `next_kind`; `owed` is what the fixed part still
// requires and `discount` the STH discount units that may cover a shortfall of it.
struct Payment {
  std::uint16_t action = 0;          // the action being resolved, completed after paying
  std::uint8_t units = 0;
  std::uint8_t discount = 0;
  std::uint8_t next_kind = 0;
  std::array<std::uint8_t, kNumResources> owed{};
  // Resources handed over so far, by kind: an Ongoing Nostalgia goal asks how many of a kind a
  // Project took. Kept until the action resolves, then cleared with the rest.
  std::array<std::uint8_t, kNumResources> paid{};
  bool operator==(const Payment&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("action", action); v("units", units); v("discount", discount);
    v("next_kind", next_kind); v("owed", owed);
    v.optional("paid", paid);
  }
};

inline constexpr std::uint8_t kGoalTied = 255;  // met by several at once: nobody gets it

// The most draws one transition makes (the setup with every expansion: about 110; tested).
inline constexpr std::size_t kChanceTape = 160;

struct State {
  StateRng<kChanceTape> rng;
  std::uint8_t round = 1;
  Step step = Step::kChooseTrait;
  std::int8_t current = 0;
  std::uint8_t first_player = 0;
  std::uint16_t unavailable = 0;     // board spaces under an Unavailable token
  Step resume = Step::kAction;       // the step a payment returns to
  // Free actions (Refresh, Discard, the Event task, Nostalgia's) the seat to move has taken this
  // turn: rule max_free_actions_per_turn bounds them, so that every game ends. Here it fills
  // the byte of padding before `payment`, so the state keeps its size.
  std::uint8_t free_actions = 0;
  Payment payment;
  std::array<FixedVector<std::uint8_t, kMaxRow>, kNumRows> rows;   // Job/Partner: card<<1|face
  std::array<FixedVector<std::uint8_t, kMaxDeck>, kNumRows> decks; // back = top; Jobs and Partners deal from index 0
  std::array<FixedVector<std::uint8_t, kMaxDeck>, kNumRows> discards;
  FixedVector<std::uint8_t, kMaxPlayers> goals;                    // face-up Life Goals
  FixedVector<std::uint8_t, kMaxPlayers> goals_claimed_by;         // per goal: seat + 1, 0 open, kGoalTied
  FixedVector<std::uint8_t, 16> trait_deck;
  FixedVector<std::uint8_t, kTrendsDrawn> trends;                  // face-up Trends (KS Promos)
  FixedVector<std::uint8_t, kMaxEvents> event_deck;                // Events (KS Promos); back = top
  std::int8_t event_revealed = -1;   // revealed this round: its task may be done
  std::int8_t event_active = -1;     // in effect this round
  FixedVector<std::uint8_t, kExperienceSlots> experience_row;  // the Experiences board, left to right
  FixedVector<std::uint8_t, kMaxDeck> experience_deck;         // back = top
  FixedVector<std::uint8_t, kMaxDeck> experience_discards;
  FixedVector<std::uint8_t, kMaxKids> kid_deck;                // Kids; back = top
  FixedVector<std::uint8_t, kMaxNostalgia> nostalgia_box;      // Nostalgia cards not dealt: unseen
  // The Best Friends module: the board (Item ids), its deck (back = top) and discards.
  FixedVector<std::uint8_t, kFriendSlots> friend_row;
  FixedVector<std::uint8_t, kMaxDeck> friend_deck;
  FixedVector<std::uint8_t, kMaxDeck> friend_discards;
  // The Community expansion: the board (left to right), its deck (back = top) and discards, the
  // tokens (meeple and Hourglasses) each seat has on each card, and the card being resolved.
  FixedVector<std::uint8_t, kCommunitySlots> community_row;
  FixedVector<std::uint8_t, kMaxDeck> community_deck;
  FixedVector<std::uint8_t, kMaxDeck> community_discards;
  std::array<std::array<std::uint8_t, kMaxPlayers>, kCommunitySlots> community_tokens{};
  std::int8_t community_slot = -1;   // Step::kCommunity: the card being resolved
  std::uint8_t resolved_community = 0;  // cards resolved this End of Round (rule popularity_lth)
  // Step::kKids: the Kids (ids) of the seat to move still to keep or discard, first in line
  // first; `resume` is the step to go back to.
  FixedVector<std::uint8_t, kMaxInPlay> kid_decisions;
  // Step::kTrigger: the action (a board space or kAnyCardAction) both Nostalgia board cards of
  // the seat to move wait for, or -1.
  std::int8_t trigger_choice = -1;
  // The rows (bits) whose deck has taken back its discards: a Job or Partner deck's cards then
  // show the faces they were discarded with, seen by all. Drawn lazily (explicit chance), a card
  // of a deck that has not gets its face when drawn (setup.cpp); reseed re-chooses only those.
  std::uint8_t faces_kept = 0;
  std::array<PlayerState, kMaxPlayers> players{};
  // Derived from the cards, so not saved: seats (bits) holding an active Group Project, whose
  // open roles the seat to move may join, per seat the play-area slots (bits) holding one, and
  // per seat how many roles on them are open. Saves a playout scanning every card for them, with
  // branches it cannot predict, on every move.
  std::uint8_t group_holders = 0;
  std::array<std::uint8_t, kMaxPlayers> open_roles{};
  std::array<std::uint32_t, kMaxPlayers> group_slots{};
  // Also derived: the Project row's roles and the Item row's purchase levels, each summed over
  // the row. They change only when a row does, and every draw of a playout counts them.
  std::uint8_t project_row_roles = 0, item_row_levels = 0;
  bool operator==(const State&) const = default;

  template <class Visitor>
  void visit(Visitor& v, int num_players) {
    v("rng", rng.state); v("round", round); v("step", step); v("current", current);
    v("first_player", first_player); v("unavailable", unavailable); v("resume", resume);
    v("payment", payment); v("rows", rows); v("decks", decks); v("discards", discards);
    v("goals", goals); v("goals_claimed_by", goals_claimed_by); v("trait_deck", trait_deck);
    v.optional("trends", trends);  // later than format 1's first documents: may be absent
    v.optional("event_deck", event_deck);
    v.optional("event_revealed", event_revealed);
    v.optional("event_active", event_active);
    v.optional("experience_row", experience_row);
    v.optional("experience_deck", experience_deck);
    v.optional("experience_discards", experience_discards);
    v.optional("kid_deck", kid_deck);
    v.optional("nostalgia_box", nostalgia_box);
    v.optional("friend_row", friend_row);
    v.optional("friend_deck", friend_deck);
    v.optional("friend_discards", friend_discards);
    v.optional("community_row", community_row);
    v.optional("community_deck", community_deck);
    v.optional("community_discards", community_discards);
    v.optional("community_tokens", community_tokens);
    v.optional("community_slot", community_slot);
    v.optional("resolved_community", resolved_community);
    v.optional("kid_decisions", kid_decisions);  // saved-state version 2
    v.optional("trigger_choice", trigger_choice);
    v.optional("chance", rng);  // saved-state version 4, as the next two
    v.optional("faces_kept", faces_kept);
    v.optional("free_actions", free_actions);
    v.list("players", players.data(), num_players);
  }
};

}  // namespace lifespan::pursuit_of_happiness
