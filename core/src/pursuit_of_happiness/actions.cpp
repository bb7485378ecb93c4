// Decisions (docs/pursuit_of_happiness_engine.md §4–5): keeping a Child Trait, Upkeep choices,
// free actions, the main action of a turn, and payment units. A checked apply refuses before it
// changes anything.
#include <algorithm>
#include <string>

#include "lifespan/common/checked_apply.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "plan_take.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

constexpr BonusAction kSimpleBonus[kNumSimpleActions] = {
    kBonusStudy, kBonusPlay, kBonusInteract, kBonusTempJob, kNumBonusActions, kBonusRest};

}  // namespace

int Game::active_count(const PlayerState& p) const {
  int count = 0;
  for (const InPlay& c : p.cards) count += (c.flags & kInActiveSlot) != 0;
  return count;
}

const Level& Game::level_of(const InPlay& c, int level) const {
  if (c.kind == kProjectCard) return cards_.projects[c.id].levels[level - 1];
  if (c.kind == kItemCard) return cards_.items[c.id].levels[level - 1];
  return cards_.partners[c.id][c.face].levels[level - 1];
}

namespace {

// `amount` units off a cost, from the amounts in `order` in turn.
template <std::size_t N>
Effect reduced(Effect cost, int amount, const std::array<int, N>& order) {
  for (int index : order) {
    const int off = std::min<int>(amount, cost.amount[index]);
    cost.amount[index] = static_cast<std::int8_t>(cost.amount[index] - off);
    amount -= off;
  }
  return cost;
}

// Resources off a cost: "any resource" units first, then Knowledge, Creativity, Influence.
constexpr std::array<int, 4> kResourcesOff{kAnyResource, kKnowledge, kCreativity, kInfluence};

}  // namespace

// A discount Trait's amount off a cost it applies to: coins off an Item, otherwise resources.
Effect Game::trait_discounted(const Effect& cost, const TraitSpec& t) {
  return t.on == DiscountOn::kItem ? reduced(cost, t.amount, std::array<int, 1>{kMoney}) : resources_off(cost, t.amount);
}

Effect Game::resources_off(const Effect& cost, int units) { return reduced(cost, units, kResourcesOff); }

// The Hourglass a card action places pays one Hourglass of the level's cost.
Effect Game::without_placed_hourglass(Effect cost) {
  return cost.amount[kHourglasses] > 0 ? cost.with_more(kHourglasses, -1) : cost;
}

namespace {

// How many times a Stand-alone Job works harder with this Upkeep payment (0: not working harder).
int harder_times(const Action& a) { return a.kind == ActionKind::kUpkeepWorkingHarder ? a.variant : 0; }

}  // namespace

// `plan`, if given, receives the plan of a legal action.
bool Game::main_action_legal(const State& s, int action, Plan* plan) const {
  const Action a = decode(action);
  if (a.kind == ActionKind::kSimpleBoard) return simple_action_legal(s, a.slot, plan);
  return affordable(s, plan_action(s, a), plan);
}

Plan Game::plan_action(const State& s, const Action& a) const {
  const auto& cards = cards_;
  const Rules& rules = rules_;
  const PlayerState& p = s.players[s.current];
  Plan plan;
  auto board = [&](int space) { place_on_board(s, p, space, plan); };
  // The id below a row's size: the rows, the Experiences board and the play area fill from 0.
  auto within = [](int k, const auto& cards_there) { return k < static_cast<int>(cards_there.size()); };
  if (a.hourglass) {
    // The same Experiences-board action with an Hourglass: only where it would use the Cloud.
    plan = plan_action(s, with_cloud(a));
    if (!plan.cloud) return Plan{};
    plan.cloud = false;
    return plan;
  }
  switch (a.kind) {
    // Card actions first: in playouts they are most of what reaches this function (board
    // spaces and row takes are planned in candidate_legal).
    case ActionKind::kCardAction:
      return plan_card_action(s, a.slot, false);
    case ActionKind::kSimpleBoard:
      board(a.slot);  // Study..Rest are spaces 0..5
      return plan;
    case ActionKind::kStartProject:
      if (!within(a.slot, s.rows[kProjectRow])) return plan;
      return plan_take(s, kProjectRow, s.rows[kProjectRow][a.slot], a.variant);
    case ActionKind::kJoinGroup: {
      const int owner = a.seat, slot = a.slot, role = a.variant;
      if (owner >= num_players() || !within(slot, s.players[owner].cards)) return plan;
      if (rules.group_join == GroupJoin::kOwnActive && owner != s.current) return plan;
      const InPlay& c = s.players[owner].cards[slot];
      if (c.kind != kProjectCard || !(c.flags & kInActiveSlot)) return plan;
      const ProjectSpec& spec = cards.projects[c.id];
      if (spec.type != ProjectType::kGroup || role >= spec.num_levels || c.roles[role] >= 0) return plan;
      int mine = 0;
      for (std::int8_t seat : c.roles) mine += seat == s.current;
      if (mine >= kMaxOwnOnGroupProject) return plan;
      plan.ok = true;
      plan.cost = with_event_project_cost(s, s.current, spec.levels[role].cost);
      plan.project = true;
      return plan;
    }
    case ActionKind::kSpend:  // variant: the level bought, from 0 (L1)
      if (!within(a.slot, s.rows[kItemRow])) return plan;
      return plan_take(s, kItemRow, s.rows[kItemRow][a.slot], a.variant);
    case ActionKind::kGetJob:  // variant: times a Stand-alone Job works harder
      if (!within(a.slot, s.rows[kJobRow])) return plan;
      return plan_take(s, kJobRow, s.rows[kJobRow][a.slot], a.variant);
    case ActionKind::kPromoteFlip: {  // to the other face of the seat's Job
      const InPlay* job = promotable_job(p);
      return job && rules.promotion == Promotion::kFlip ? plan_promotion(s, cards.jobs[job->id][1 - job->face]) : plan;
    }
    case ActionKind::kPromoteFromRow:
      if (rules.promotion != Promotion::kRow || !within(a.slot, s.rows[kJobRow])) return plan;
      return plan_promotion(s, job_of_entry(s.rows[kJobRow][a.slot]));
    case ActionKind::kStartRelationship:
      if (!within(a.slot, s.rows[kPartnerRow])) return plan;
      return plan_take(s, kPartnerRow, s.rows[kPartnerRow][a.slot], 0);
    case ActionKind::kPlanExperience:
    case ActionKind::kDream:
    case ActionKind::kFromDream:
      return plan_experiences_board_action(s, a);
    case ActionKind::kCommunityPlace:
      return plan_community(s, a.slot);
    case ActionKind::kMakeFriend:
      return plan_make_friend(s, a);
    case ActionKind::kSchoolCourse:
      return plan_school_course(s, a);
    case ActionKind::kRealize:
    case ActionKind::kDetermineOutcome:
    case ActionKind::kSmartGoals:
      return plan_nostalgia(s, a);
    case ActionKind::kDevelopWithKid:
    case ActionKind::kRaiseFamily:
      return plan_kid_action(s, a);
    case ActionKind::kExtendExperience:
      return plan_card_action(s, a.slot, true);
    default:  // not a main action: no plan
      return plan;
  }
}

// The card action on the card in `slot`, or with `extend` the extension of a planned Experience.
Plan Game::plan_card_action(const State& s, int slot, bool extend) const {
  const auto& cards = cards_;
  const PlayerState& p = s.players[s.current];
  Plan plan;
  if (slot >= static_cast<int>(p.cards.size())) return plan;
  const InPlay& c = p.cards[slot];
  if (!has_card_action(c) || (extend && c.kind != kExperienceCard)) return plan;
  if (c.kind == kExperienceCard) {
    const ExperienceSpec& spec = cards.experiences[c.id];
    plan.cost = without_placed_hourglass(spec.cost).plus(spec.extend_cost, extend ? 1 : 0);
  } else if (c.kind == kProjectCard) {
    plan.cost = with_event_project_cost(s, s.current, without_placed_hourglass(cards.projects[c.id].levels[c.level].cost));
    plan.project = true;
  } else if (c.kind == kItemCard) {
    plan.cost = without_placed_hourglass(cards.items[c.id].levels[c.level].cost);
  } else if (c.kind == kPartnerCard) {
    plan.cost = without_placed_hourglass(cards.partners[c.id][c.face].levels[c.level].cost);
  } else if (c.kind == kNostalgiaCard) {  // its costs leave out the Hourglass placed
    const NostalgiaSpec& spec = nostalgia(c);
    plan.cost = c.level == spec.num_levels ? spec.repeat_cost : spec.levels[c.level].cost;
  }  // retiring from a Job costs only the Hourglass
  plan.ok = true;
  return plan;
}

// A promotion (docs §4, `promotion`): the seat's Job gives way to `next`, of the same category
// one level up, for the current Job's promotion cost instead of `next`'s price and requirement.
Plan Game::plan_promotion(const State& s, const JobFace& next) const {
  const PlayerState& p = s.players[s.current];
  Plan plan;
  const InPlay* job = promotable_job(p);
  if (!job) return plan;
  const JobFace& current = job_face(*job);
  if (next.category != current.category || next.level != current.level + 1) return plan;
  place_on_board(s, p, kGetJob, plan);
  plan.cost = current.promotion_cost;
  return plan;
}

// Whether a card in play offers its card action (costs aside): advancing a Basic Project,
// upgrading an Item, developing a relationship, retiring from a Job, experiencing a planned
// Experience.
bool Game::has_card_action(const InPlay& c) const {
  if (c.flags & kArchived) return false;
  switch (c.kind) {
    case kProjectCard: {
      const ProjectSpec& spec = cards_.projects[c.id];
      return spec.type == ProjectType::kBasic && c.level < spec.num_levels;
    }
    case kItemCard: {
      const ItemSpec& spec = cards_.items[c.id];
      return !spec.activity && !spec.pet && c.level < spec.num_levels;
    }
    case kPartnerCard:
      return c.level < 3;
    case kExperienceCard:
      return true;
    case kJobCard:
      return !job_face(c).standalone && c.level >= rules_.retirement_level;
    case kNostalgiaCard:  // Progress in the Realization, or Dedicate Time at a Repeatable's last level
      switch (nostalgia(c).category) {
        case NostalgiaCategory::kAbility:
        case NostalgiaCategory::kOutcomes: return c.level == 1;
        case NostalgiaCategory::kRepeatable: return true;
        case NostalgiaCategory::kLifeGoal: return false;
      }
      return false;
    default:
      return false;
  }
}

// The seat's Job if it can still be promoted: held, not retired, below level 3.
const InPlay* Game::promotable_job(const PlayerState& p) const {
  const int mine = p.job_slot;
  if (mine < 0) return nullptr;
  const InPlay& job = p.cards[mine];
  if ((job.flags & kRetired) || job_face(job).level >= 3 || job_face(job).standalone) return nullptr;
  return &job;
}

void Game::legal_actions(const State& s, ActionList& out) const {
  out.clear();
  if (s.rng.chance_node()) {
    for (int outcome = 0; outcome < s.rng.bound; ++outcome) out.push_back(static_cast<std::uint16_t>(outcome));
    return;
  }
  if (s.step == Step::kGameOver) return;
  const PlayerState& p = s.players[s.current];
  switch (s.step) {
    case Step::kChooseTrait:
      for (std::size_t i = 0; i < p.trait_offer.size(); ++i)
        out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kKeepTrait, static_cast<int>(i))));
      return;
    case Step::kUpkeep:
      for (std::size_t slot = 0; slot < p.cards.size(); ++slot)
        if ((p.cards[slot].flags & kUpkeepDue) && can_pay(s, s.current, upkeep_cost(p, p.cards[slot]), false))
          out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kPayUpkeep, static_cast<int>(slot))));
      for (std::size_t slot = 0; slot < p.cards.size(); ++slot)
        if (p.cards[slot].flags & kUpkeepDue) out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kGiveUp, static_cast<int>(slot))));
      for (int times = 1; times <= kMaxWorkHarder; ++times)
        if (upkeep_harder_legal(s, times))
          out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kUpkeepWorkingHarder, 0, times)));
      return;
    case Step::kPay:
      pay_unit_options(s, out);
      return;
    case Step::kAction:
      action_step_options(s, out);
      return;
    case Step::kCommunity:
      community_options(s, out);
      return;
    case Step::kKids:
      out.push_back(encode(ActionKind::kKeepKid));
      out.push_back(encode(ActionKind::kDiscardKid));
      return;
    case Step::kTrigger:
      for (int slot = 0; slot < kNostalgiaSlots; ++slot)
        out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kChooseTrigger, slot)));
      return;
    case Step::kGameOver:
      return;
  }
}

// The seed lists "an active Basic Project, Item, Partner or Job". With discard_scope =
// active_cards "active" qualifies all four; with any_card only the Project, so a retired Job
// in the Archive may go too. Completed Projects and single-round or Group Projects never.
// Refresh Cards and Discard: any number of them before the main action, up to the rule
// max_free_actions_per_turn with the other free actions.
void Game::free_actions(const State& s, ActionList& out) const {
  const PlayerState& p = s.players[s.current];
  for (int row = 0; row < kNumRows; ++row)
    if (!s.rows[row].empty()) out.push_back(static_cast<std::uint16_t>(refresh_action(row)));
  for (std::size_t slot = 0; slot < p.cards.size(); ++slot)
    if (discardable(p, p.cards[slot])) out.push_back(static_cast<std::uint16_t>(encode(ActionKind::kDiscard, static_cast<int>(slot))));
}

bool Game::discardable(const PlayerState& p, const InPlay& c) const {
  if (c.kind == kProjectCard)
    return cards_.projects[c.id].type == ProjectType::kBasic && (c.flags & kInActiveSlot);
  if (c.kind == kItemCard) return !cards_.items[c.id].pet;  // a Pet is not an Item
  if (c.kind == kExperienceCard || c.kind == kNostalgiaCard) return false;  // not cards the Discard action names
  if (c.kind == kKidCard) return !kid_has_partner(c, p);        // only once its Partner has gone
  if (rules_.discard_scope == DiscardScope::kAnyCard) return true;
  return (c.flags & kInActiveSlot) != 0;
}

// The upkeep a card prints: its cost and reward (a Pet or a Kid: its next level's; a Stand-alone Job
// working harder: `harder` times its Work Harder upkeep on top).
std::pair<Effect, Effect> Game::printed_upkeep(const InPlay& c, int harder) const {
  if (pet_grows(c)) return pet_upkeep(c);
  if (c.kind == kKidCard) return kid_upkeep(c);
  if (c.kind == kItemCard) return {cards_.items[c.id].upkeep_cost, cards_.items[c.id].upkeep_reward};
  if (c.kind == kJobCard) return job_upkeep(job_face(c), harder);
  const Level& level = level_of(c, c.level);
  return {level.upkeep_cost, level.upkeep_reward};
}

// A Child Trait's relief takes that many coins off the round's upkeep, whichever cards use it
// (off the card's own upkeep, not off working harder).
Effect Game::upkeep_cost(const PlayerState& p, const InPlay& c, int harder) const {
  Effect cost = printed_upkeep(c).first;
  cost.amount[kMoney] = static_cast<std::int8_t>(std::max(0, cost[kMoney] - p.upkeep_relief));
  return harder ? cost.plus(job_face(c).harder_upkeep_cost, harder) : cost;
}

int Game::upkeep_slot(const PlayerState& p, const Action& a) {
  return a.kind == ActionKind::kUpkeepWorkingHarder ? p.job_slot : a.slot;
}

// One action's legality without listing the others: the same conditions as legal_actions.
bool Game::is_legal(const State& s, int action) const {
  if (s.rng.chance_node()) return action >= 0 && action < s.rng.bound;
  if (s.step == Step::kGameOver || action < 0 || action >= kNumDistinctActions) return false;
  const PlayerState& p = s.players[s.current];
  const Action a = decode(action);
  switch (s.step) {
    case Step::kChooseTrait:
      return a.kind == ActionKind::kKeepTrait && a.slot < static_cast<int>(p.trait_offer.size());
    case Step::kUpkeep: {
      if (a.kind == ActionKind::kUpkeepWorkingHarder) return upkeep_harder_legal(s, a.variant);
      if (a.kind != ActionKind::kPayUpkeep && a.kind != ActionKind::kGiveUp) return false;
      if (a.slot >= static_cast<int>(p.cards.size()) || !(p.cards[a.slot].flags & kUpkeepDue)) return false;
      return a.kind == ActionKind::kGiveUp || can_pay(s, s.current, upkeep_cost(p, p.cards[a.slot]), false);
    }
    case Step::kPay: {
      ActionList options;
      pay_unit_options(s, options);
      return std::find(options.begin(), options.end(), action) != options.end();
    }
    case Step::kAction:
      switch (a.kind) {
        case ActionKind::kRefresh:
          return free_action_left(s) && !s.rows[a.row].empty();
        case ActionKind::kDiscard:
          return free_action_left(s) && a.slot < static_cast<int>(p.cards.size()) && discardable(p, p.cards[a.slot]);
        case ActionKind::kPass:
          return !any_main_action(s, main_candidates(s));
        case ActionKind::kEventTask:
          return free_action_left(s) && event_task_legal(s);
        case ActionKind::kPlaceNostalgia:
        case ActionKind::kDiscardNostalgia:
        case ActionKind::kActiveTrigger:
        case ActionKind::kFreeAbility:
          return free_action_left(s) && nostalgia_on() && nostalgia_free_legal(s, a);
        default:
          return is_main_action(a.kind) && main_action_listed(s, action);
      }
    case Step::kCommunity:
      return (a.kind == ActionKind::kAchievement || a.kind == ActionKind::kNoAchievement) && achievement_legal(s, a);
    case Step::kKids:
      return a.kind == ActionKind::kKeepKid || a.kind == ActionKind::kDiscardKid;
    case Step::kTrigger:
      return a.kind == ActionKind::kChooseTrigger;
    case Step::kGameOver:
      return false;
  }
  return false;
}

void Game::apply(State& s, int action) const { checked_apply(*this, s, action); }

bool Game::try_apply(State& s, int action) const {
  if (s.step == Step::kAction && s.rng.mode != ChanceMode::kExplicit && is_main_action(kind_of(action))) {
    Plan plan;
    if (!main_action_listed(s, action, &plan)) return false;
    apply_main_action(s, action, plan);
    return true;
  }
  if (!is_legal(s, action)) return false;
  apply_unchecked(s, action);
  return true;
}

void Game::discard_card(State& s, int seat, int slot, bool penalty) const {
  PlayerState& p = s.players[seat];
  const InPlay c = p.cards[slot];
  const int row = c.kind == kProjectCard ? kProjectRow
                  : c.kind == kItemCard  ? kItemRow
                  : c.kind == kJobCard   ? kJobRow
                                         : kPartnerRow;
  const bool two_faced = c.kind == kJobCard || c.kind == kPartnerCard;
  if (c.kind != kKidCard) {  // a Kid leaves the game
    const bool best_friend = c.kind == kItemCard && cards_.items[c.id].best_friend;
    auto& pile = c.kind == kExperienceCard ? s.experience_discards : best_friend ? s.friend_discards : s.discards[row];
    pile.push_back(two_faced ? face_entry(c.id, c.face) : c.id);
  }
  remove_card(s, seat, slot);
  if (penalty) {
    gain_stress(s, seat, 1);
    gain_sth(s, seat, -1);
  }
}

void Game::remove_card(State& s, int seat, int slot) const {
  PlayerState& p = s.players[seat];
  // The derived slots follow without a scan: the card's own goes, those after it move down one.
  // (No rule removes an active Group Project yet; its open roles would go with it.)
  const std::uint32_t before = (std::uint32_t{1} << slot) - 1, groups = s.group_slots[seat];
  if ((groups >> slot) & 1u) s.open_roles[seat] = static_cast<std::uint8_t>(s.open_roles[seat] - open_roles_on(p.cards[slot]));
  p.cards.erase(static_cast<std::size_t>(slot));
  set_group_slots(s, seat, (groups & before) | ((groups >> 1) & ~before));
  p.job_slot = static_cast<std::int8_t>(p.job_slot == slot ? -1 : p.job_slot - (p.job_slot > slot));
}

// A Project, Job or Partner taken with all Active slots full costs 1 Stress (docs §4).
void Game::take_card(State& s, int seat, InPlay card) const {
  PlayerState& p = s.players[seat];
  if ((card.flags & kInActiveSlot) && active_count(p) >= kActiveSlots) gain_stress(s, seat, 1);
  if (p.cards.full()) return;
  if (card.kind == kJobCard) p.job_slot = static_cast<std::int8_t>(p.cards.size());
  p.cards.push_back(card);
}

void Game::apply_unchecked(State& s, int action) const {
  if (s.rng.mode != ChanceMode::kExplicit) [[likely]] {
    transition(s, action);
    return;
  }
  play_explicit(s, action, [this](State& t, int pending) { resume(t, pending); });
}

void Game::transition(State& s, int action) const {
  const int seat = s.current;
  PlayerState& p = s.players[seat];
  const Action a = decode(action);
  switch (s.step) {
    case Step::kChooseTrait: {
      p.trait = static_cast<std::int8_t>(p.trait_offer[a.slot]);
      p.trait_offer.clear();  // the other trait goes back to the box
      const int n = num_players();
      const int offset = places_after(s.first_player, seat, n);
      if (offset + 1 < n) {
        s.current = static_cast<std::int8_t>(clockwise(seat, 1, n));
      } else {
        // The choices are one decision taken by all at once, taken here in turn: each kept
        // trait and its starting resources show only now (docs/pursuit_of_happiness.md, Setup).
        for (int each = 0; each < n; ++each) gain(s, each, cards_.traits[s.players[each].trait].start, false);
        for (int each = 0; each < n; ++each) trait_income(s, each);  // round 1 starts
        begin_upkeep(s);
      }
      return;
    }
    case Step::kUpkeep:
      if (a.kind == ActionKind::kGiveUp) {
        InPlay& c = p.cards[a.slot];
        if (c.kind == kKidCard) {  // the Kid grows anyway, and the player loses 1 LTH
          ++c.level;
          add_lth(p, -1, false);
          c.flags &= static_cast<std::uint8_t>(~kUpkeepDue);
        } else if (unfed_pet_stays(c)) {
          c.flags &= static_cast<std::uint8_t>(~kUpkeepDue);  // not fed: it does not grow
        } else {
          const InPlay given_up = c;
          discard_card(s, seat, a.slot, true);
          if (begin_kid_decisions(s, seat, given_up)) return;  // after_upkeep_decision follows them
        }
        after_upkeep_decision(s);
        return;
      }
      if (begin_payment(s, seat, upkeep_cost(p, p.cards[upkeep_slot(p, a)], harder_times(a)), false, action))
        resolve(s, action);
      return;
    case Step::kPay: {
      pay_unit(s, a);
      const int pending = s.payment.action;
      if (continue_payment(s)) resolve(s, pending);
      return;
    }
    case Step::kAction:
      // Counted first: a Discard that kills the seat ends the turn, which starts the count again.
      s.free_actions = static_cast<std::uint8_t>(s.free_actions + is_free_action(a.kind));
      switch (a.kind) {
        case ActionKind::kRefresh: {
          // The slots it empties are refilled (the summary, Action 5.1), not those emptied
          // earlier in the round by cards taken: they wait for the next Preparation.
          const int row = a.row;
          const int emptied = static_cast<int>(s.rows[row].size());
          gain_sth(s, seat, -1);
          for (std::uint8_t card : s.rows[row]) s.discards[row].push_back(card);
          s.rows[row].clear();
          deal_row(s, row, emptied);
          return;
        }
        case ActionKind::kDiscard: {
          const InPlay discarded = p.cards[a.slot];
          discard_card(s, seat, a.slot, true);
          if (!p.alive) next_turn(s);
          else begin_kid_decisions(s, seat, discarded);
          return;
        }
        case ActionKind::kEventTask:
          do_event_task(s);
          return;
        case ActionKind::kPlaceNostalgia:
        case ActionKind::kDiscardNostalgia:
        case ActionKind::kActiveTrigger:
        case ActionKind::kFreeAbility:
          do_nostalgia_free(s, a);
          return;
        case ActionKind::kPass:
          p.hourglasses = 0;
          if (p.cloud < 0) p.cloud = kNumSpaces;  // an unused Cloud goes too
          if (community_on() && p.meeple < 0) p.meeple = kCommunitySlots;  // and an unused meeple
          next_turn(s);
          return;
        default:
          apply_main_action(s, action, plan_action(s, a));
          return;
      }
    case Step::kCommunity:
      choose_achievement(s, a);
      return;
    case Step::kKids:
      decide_kid(s, a.kind == ActionKind::kDiscardKid);
      return;
    case Step::kTrigger:
      choose_trigger(s, a.slot);
      return;
    case Step::kGameOver:
      return;
  }
}

void Game::apply_main_action(State& s, int action, const Plan& plan) const {
  if (begin_payment(s, s.current, plan.cost, plan.project, action, plan.unaffected)) resolve(s, action, &plan);
}

void Game::after_upkeep_decision(State& s) const {
  const int n = num_players();
  const PlayerState& p = s.players[s.current];
  if (p.alive)
    for (const InPlay& c : p.cards)
      if (c.flags & kUpkeepDue) return;  // this seat still has cards to decide on
  if (everyone_dead(s)) {
    end_game(s);
    return;
  }
  next_upkeep_seat(s, places_after(s.first_player, s.current, n) + 1);
}

// A Partner developed into level 3, with a Kid or without: counted for the Life Goals (a
// Partner let go later still counts), and for Nostalgia's goal on it.
void Game::partner_to_level_3(State& s, int seat, const InPlay& partner) const {
  PlayerState& p = s.players[seat];
  p.partners_to_level_3 = raised(p.partners_to_level_3, 1);
  if (nostalgia_on()) nostalgia_relationship_goal(s, seat, partner);
}

// Completes an action once its resources are paid: the rest of the cost, the Hourglass, the
// effect, and the end of the turn. `known`: the action's plan when it was made just before
// paying (paying changes nothing a plan reads but the Job requirement, which it does not use).
void Game::resolve(State& s, int action, const Plan* known) const {
  const int seat = s.current;
  PlayerState& p = s.players[seat];
  const std::array<std::uint8_t, kNumResources> paid = s.payment.paid;  // kept for this call only
  s.payment.paid = {};
  const Action a = decode(action);
  if (s.step == Step::kUpkeep) {
    InPlay& c = p.cards[upkeep_slot(p, a)];
    const int harder = harder_times(a);
    const Effect cost = upkeep_cost(p, c, harder);
    const int printed_coins = printed_upkeep(c).first[kMoney];
    p.upkeep_relief = static_cast<std::uint8_t>(p.upkeep_relief - std::min<int>(p.upkeep_relief, printed_coins));
    p.money = static_cast<std::uint8_t>(p.money - cost[kMoney]);
    spend_hourglasses(p, cost[kHourglasses]);
    c.flags &= static_cast<std::uint8_t>(~kUpkeepDue);
    if (cost[kSth]) gain_sth(s, seat, -cost[kSth]);
    gain_stress(s, seat, cost[kStress]);  // the cost before the reward, as for every action
    gain(s, seat, printed_upkeep(c, harder).second, true);
    if (pet_grows(c) || c.kind == kKidCard) ++c.level;
    if (nostalgia_on()) draw_on_stores(s, seat);
    after_upkeep_decision(s);
    return;
  }

  // The plan says which token goes (Cloud or Hourglass): the effect is the same.
  const Plan plan = known ? *known : plan_action(s, a);
  p.money = static_cast<std::uint8_t>(p.money - plan.cost[kMoney]);
  spend_hourglasses(p, plan.cost[kHourglasses] + plan.placed());
  if (plan.cost[kSth]) gain_sth(s, seat, -plan.cost[kSth]);
  if (plan.space >= 0) {
    // A second own Hourglass here (the Cloud alone does not count: Experiences rulebook).
    if (has_space(p.spaces_used, plan.space)) gain_stress(s, seat, 1);
    if (plan.cloud) {
      p.cloud = static_cast<std::int8_t>(plan.space);
    } else if (!plan.moves_on) {  // a Group Project start moves the Hourglass on to a role
      p.spaces_used = static_cast<std::uint16_t>(p.spaces_used | (1u << plan.space));
    }
  }
  gain_stress(s, seat, plan.cost[kStress]);

  // Taking a card from a row: the row loses it, then the card comes into play.
  auto take_from_row = [&](int row, int k, int variant) {
    const std::uint8_t entry = s.rows[row][k];
    s.rows[row].erase(static_cast<std::size_t>(k));
    recount_row(s, row);
    take(s, seat, row, entry, variant);
  };
  switch (a.kind) {
    case ActionKind::kSimpleBoard: {
      const int space = a.slot;
      if (space <= kInteract) p.resources[space] = raised(p.resources[space], kBoardResourceGain);
      if (space == kTempJob) p.money = raised(p.money, rules_.temp_job_money);
      if (space == kRest) relax(p, rules_.rest_relax);
      if (space == kOvertime) {
        gain_stress(s, seat, rules_.overtime_stress);
        if (!p.alive) {
          // the Stress ended this life: no Hourglasses come of it
        } else if (rules_.overtime_timing == OvertimeTiming::kThisRound)
          p.hourglasses = static_cast<std::uint8_t>(std::min(
              kHourglassesPerColour - p.hourglasses_spent, p.hourglasses + rules_.overtime_hourglasses));
        else
          p.hourglasses_next = static_cast<std::uint8_t>(p.hourglasses_next + rules_.overtime_hourglasses);
      } else {
        trait_bonus(s, seat, kSimpleBonus[space]);
      }
      break;
    }
    case ActionKind::kStartProject:
      take_from_row(kProjectRow, a.slot, a.variant);
      break;
    case ActionKind::kJoinGroup: {
      InPlay& c = s.players[a.seat].cards[a.slot];
      c.roles[a.variant] = static_cast<std::int8_t>(seat);
      --s.open_roles[a.seat];
      ++c.time;
      gain(s, seat, cards_.projects[c.id].levels[a.variant].reward, true);
      break;
    }
    case ActionKind::kSpend:
      take_from_row(kItemRow, a.slot, a.variant);
      break;
    case ActionKind::kGetJob:
      take_from_row(kJobRow, a.slot, a.variant);
      break;
    case ActionKind::kPromoteFromRow:
      take_from_row(kJobRow, a.slot, 0);
      break;
    case ActionKind::kPromoteFlip: {  // legal only with a Job to promote, so job_slot holds it
      InPlay& job = p.cards[p.job_slot];
      job.face = static_cast<std::uint8_t>(1 - job.face);
      job.level = job_face(job).level;
      gain(s, seat, job_face(job).reward, true);
      break;
    }
    case ActionKind::kStartRelationship:
      take_from_row(kPartnerRow, a.slot, 0);
      break;
    case ActionKind::kPlanExperience:
      take_from_experiences_board(s, seat, a);
      break;
    case ActionKind::kDream:
      dream(s, seat, a);
      break;
    case ActionKind::kFromDream:
      take_from_dream(s, seat, a);
      break;
    case ActionKind::kCommunityPlace:
      place_on_community(s, seat, a, plan);
      break;
    case ActionKind::kMakeFriend:
      make_friend(s, seat, a);
      break;
    case ActionKind::kSchoolCourse:
      take_school_course(s, seat, a);
      break;
    case ActionKind::kRealize:
    case ActionKind::kDetermineOutcome:
      resolve_nostalgia(s, seat, a, plan);
      break;
    case ActionKind::kDevelopWithKid:
    case ActionKind::kRaiseFamily:
      resolve_kid_action(s, seat, a, plan);
      break;
    case ActionKind::kCardAction:
    case ActionKind::kExtendExperience:
    case ActionKind::kSmartGoals: {
      // The card action, also with an Experience's extension or with SMART Goals.
      const bool extend = a.kind == ActionKind::kExtendExperience;
      const int slot = a.slot;
      InPlay& c = p.cards[slot];
      c.time = static_cast<std::uint8_t>(c.time + plan.placed() + plan.cost[kHourglasses]);
      if (c.kind == kExperienceCard) {
        // Completed: set aside for good, counted.
        const ExperienceSpec& spec = cards_.experiences[c.id];
        remove_card(s, seat, slot);
        p.experiences = counted_up(p.experiences, cards_.experiences.size());
        gain(s, seat, spec.reward, true);
        if (extend) gain(s, seat, spec.extend_reward, true);
      } else if (c.kind == kJobCard) {
        c.flags = static_cast<std::uint8_t>((c.flags | kArchived | kRetired) & ~kInActiveSlot);
        p.jobs_retired = raised(p.jobs_retired, 1);
      } else if (c.kind == kNostalgiaCard) {
        progress_nostalgia(s, seat, c);
      } else {
        ++c.level;
        gain(s, seat, level_of(c, c.level).reward, true);
        if (c.kind == kPartnerCard && c.level == 3) partner_to_level_3(s, seat, c);
        if (c.kind == kProjectCard && c.level == cards_.projects[c.id].num_levels) {
          c.flags = static_cast<std::uint8_t>((c.flags | kArchived | kCompleted) & ~kInActiveSlot);
          p.completed_projects = counted_up(p.completed_projects, cards_.projects.size());
        }
      }
      break;
    }
    default:  // not a main action: nothing reaches here
      break;
  }
  if (plan.space >= 0 && (s.event_revealed >= 0 || s.event_active >= 0)) event_board_action(s, seat, plan.space);
  if (nostalgia_on()) {  // a School course is not the covered space's action; a friend or a
                         // Community card is no card action (joining a Group Project is)
    const bool no_trigger =
        a.kind == ActionKind::kSchoolCourse || a.kind == ActionKind::kMakeFriend || a.kind == ActionKind::kCommunityPlace;
    const int trigger = no_trigger ? -1 : plan.space >= 0 ? plan.space : kAnyCardAction;
    // Both board cards waiting for this action: the seat chooses (Step::kTrigger), then the turn ends.
    if (after_nostalgia_action(s, seat, trigger, plan.project, paid)) return;
  }
  next_turn(s);
}

void Game::trait_bonus(State& s, int seat, int taken) const {
  const PlayerState& p = s.players[seat];
  if (p.trait < 0) return;
  const TraitSpec& trait = cards_.traits[p.trait];
  if (trait.ability == AbilityKind::kActionBonus && trait.action == taken) gain(s, seat, trait.reward, false);
}

// A card taken with its board action comes into play (from a row, the Experiences board or
// the Dream board; its source has already let it go) and gives its reward.
void Game::take(State& s, int seat, int source, int entry, int variant) const {
  PlayerState& p = s.players[seat];
  const auto id = static_cast<std::uint8_t>(entry);
  switch (source) {
    case kProjectRow: {
      const ProjectSpec& spec = cards_.projects[id];
      InPlay card{kProjectCard, id, 0, 1, 0, static_cast<std::uint8_t>(kInActiveSlot | kStartedThisRound), {-1, -1, -1, -1}};
      const bool group = spec.type == ProjectType::kGroup;
      if (group) {
        card.roles[variant] = static_cast<std::int8_t>(seat);
        card.time = 1;
      }
      take_card(s, seat, card);
      if (group) rebuild_slots(s, seat);
      gain(s, seat, spec.levels[variant].reward, true);
      trait_bonus(s, seat, kBonusStartProject);
      return;
    }
    case kItemRow: {
      const ItemSpec& spec = cards_.items[id];
      if (spec.activity) {
        s.discards[kItemRow].push_back(id);
      } else {
        take_card(s, seat, InPlay{kItemCard, id, 0, static_cast<std::uint8_t>(variant + 1), 0, 0, {-1, -1, -1, -1}});
      }
      gain(s, seat, spec.levels[variant].reward, true);  // the level bought: its reward only
      trait_bonus(s, seat, kBonusSpend);
      return;
    }
    case kJobRow: {
      const int old = p.job_slot;
      if (old >= 0) discard_card(s, seat, old, false);  // one Job at a time; no penalty
      const JobFace& face = job_of_entry(entry);
      const CardFace job = card_face(entry);
      take_card(s, seat, InPlay{kJobCard, static_cast<std::uint8_t>(job.card), static_cast<std::uint8_t>(job.face), face.level, 0, kInActiveSlot, {-1, -1, -1, -1}});
      gain(s, seat, face.reward.plus(face.harder_reward, face.standalone ? variant : 0), true);
      trait_bonus(s, seat, kBonusGetJob);
      return;
    }
    case kPartnerRow: {
      const PartnerFace& face = partner_of_entry(entry);
      const CardFace partner = card_face(entry);
      // Nostalgia's "Happily Ever After" asks whether a Partner came with this action.
      const auto flags = static_cast<std::uint8_t>(kInActiveSlot | (nostalgia_on() ? kByStartRelationship : 0));
      take_card(s, seat, InPlay{kPartnerCard, static_cast<std::uint8_t>(partner.card), static_cast<std::uint8_t>(partner.face), 1, 0, flags, {-1, -1, -1, -1}});
      gain(s, seat, face.levels[0].reward, true);
      trait_bonus(s, seat, kBonusStartRelationship);
      return;
    }
    default:  // an Experience, planned: no slot taken
      take_card(s, seat, InPlay{kExperienceCard, id, 0, 1, 0, 0, {-1, -1, -1, -1}});
      gain(s, seat, cards_.experiences[id].plan_reward, true);
      trait_bonus(s, seat, kBonusPlanExperience);
      return;
  }
}

}  // namespace lifespan::pursuit_of_happiness
