#pragma once
// The Pursuit of Happiness (base game): worker placement over a life of up to 8 rounds.
// Rules: docs/pursuit_of_happiness.md (the seed summary and known facts, with every unclear
// point a rule parameter); the engine's layout: docs/pursuit_of_happiness_engine.md.
#include <cstdint>

namespace lifespan::pursuit_of_happiness {

// Sources: "seed" is the rules summary (shared/seeds/003, translated in
// shared/rules/pursuit-summary-en.md); S-tags are shared/rules/pursuit-known-facts.md.
inline constexpr int kMaxPlayers = 5;       // 4 colours in the base box; 5 with Community (S19)
inline constexpr int kBasePlayers = 4;      // without Community
inline constexpr int kNumResources = 3;     // Knowledge, Creativity, Influence (seed, rule 6.2)
inline constexpr int kMaxRounds = 8;        // Teen, 4 Adult, 3 Old Age (S3, S5, S10)
inline constexpr int kFirstAdultRound = 2;
inline constexpr int kFirstOldAgeRound = 6;
inline constexpr int kOldAgeStress[3] = {3, 6, 9};   // seed, Preparation 3.2.3
inline constexpr int kStartingHourglasses = 6;       // seed setup 4; S10
inline constexpr int kHourglassesPerColour = 9;      // 6 + 3 in the supply (seed setup 4; S1)
inline constexpr int kActiveSlots = 3;               // seed, Action phase rule 2.1
inline constexpr int kBoardResourceGain = 3;         // Study, Play, Interact (S6)
inline constexpr int kMaxOwnOnGroupProject = 2;      // seed, Action phase rule 3.2.3
inline constexpr int kInheritanceUnit = 5;           // 1 LTH per 5 of each resource / money (seed)
inline constexpr int kSoloLifeGoals = 3;             // S8, S20
inline constexpr int kSoloSetupPlayers = 2;          // solo is set up as a 2-player game (S8, S20)
inline constexpr int kTraitOffer = 2;                // deal 2, keep 1 (seed setup 12; S27)
inline constexpr int kTrendsDrawn = 3;               // 3 of the 7 Trend cards (KS Promos rulebook)
inline constexpr int kMaxWorkHarder = 2;             // Stand-alone Jobs: up to twice (KS Promos rulebook)
inline constexpr int kMinEvents = 4;                 // one revealed in each Adult round (KS Promos rulebook)
inline constexpr int kExperienceSlots = 5;           // the Experiences board (Experiences rulebook)
inline constexpr int kMaxDesire = 3;                 // Desire tokens per dreamt card (Experiences rulebook)
inline constexpr int kSoloExperiencesLth = 10;       // solo target + 10 LTH (Experiences rulebook)
inline constexpr int kMaxDreamSlots = 3;             // capacity; the rule dream_slots chooses 1-3
inline constexpr int kDreamVariants = 4;             // a dreamt Group Project's role, or a Job's Work Harder
inline constexpr int kNostalgiaHand = 8;             // Nostalgia cards dealt to each player (Nostalgia rulebook)
// Cards on a Nostalgia board: the rulebook speaks of "both cards" on the board and of paying the
// Active Trigger of "either or both", and gives 4 Check Marks, one per Trigger of two cards.
inline constexpr int kNostalgiaSlots = 2;
inline constexpr int kLthLimit = 30000;              // LTH stops at ±this (16 bits, with room to spare)
inline constexpr int kSoloNostalgiaLth = 5;          // solo target + 5 LTH (Nostalgia rulebook)
inline constexpr int kFriendSlots = 4;               // the Best Friends board (summary, Setup 3)
inline constexpr int kCommunitySlots = 5;            // the Community board (summary, Preparation 4.1)
inline constexpr int kMaxAchievements = 3;           // per Community card (this project's cards: 2-3)

// Capacities (engine limits, far above what a game reaches).
inline constexpr int kMaxInPlay = 24;       // cards one player holds, archived ones included
inline constexpr int kMaxRow = 6;
inline constexpr int kMaxDeck = 128;
inline constexpr int kMaxRoles = 4;
inline constexpr int kMaxLevels = 4;
inline constexpr int kMaxEvents = 16;
inline constexpr int kMaxKids = 32;
inline constexpr int kMaxNostalgia = 80;
inline constexpr int kMaxRelativeLevels = 8;
inline constexpr int kMaxStressSections = 6;     // the bounds of rules stress_sections and
inline constexpr int kMaxSectionSpaces = 10;     // stress_section_spaces
inline constexpr int kMaxTrackLength = kMaxStressSections * kMaxSectionSpaces;

enum Row : std::uint8_t { kProjectRow, kItemRow, kJobRow, kPartnerRow, kNumRows };

// Board action spaces (bit positions in the Unavailable and used-space masks).
enum Space : std::uint8_t {
  kStudy, kPlay, kInteract, kTempJob, kOvertime, kRest,
  kStartProject, kSpend, kGetJob, kStartRelationship,
  kPlanExperience, kDream,   // the Experiences board
  kNumSpaces
};
// A Nostalgia card's Passive Trigger names a board space, or this: any card action.
inline constexpr int kAnyCardAction = kNumSpaces;
// The School board covers Get a Job, Start a Relationship and Work Overtime in the Teen round
// (summary, Setup 11.1); its courses, by Job category, sit on those spaces in this order.
inline constexpr int kSchoolSpaces[3] = {kGetJob, kStartRelationship, kOvertime};

// Where a Dream comes from: the four rows, then the Experiences board.
inline constexpr int kExperienceSource = kNumRows;
inline constexpr int kNumDreamSources = kNumRows * kMaxRow + kExperienceSlots;

// Action ids (docs/pursuit_of_happiness_engine.md §5).
inline constexpr int kKeepTrait = 0;                                  // + offer index
inline constexpr int kPayUpkeep = kKeepTrait + kTraitOffer;           // + slot
inline constexpr int kGiveUp = kPayUpkeep + kMaxInPlay;               // + slot
inline constexpr int kRefresh = kGiveUp + kMaxInPlay;                 // + row
inline constexpr int kDiscard = kRefresh + kNumRows;                  // + slot
inline constexpr int kSimpleBoard = kDiscard + kMaxInPlay;            // + space (Study..Rest)
inline constexpr int kNumSimpleActions = 6;  // Study, Play, Interact, Temp Job, Work Overtime, Rest
inline constexpr int kStartProjectAction = kSimpleBoard + kNumSimpleActions;  // + kMaxRoles·row slot + role
inline constexpr int kJoinGroup = kStartProjectAction + kMaxRow * kMaxRoles;  // + (seat·24 + slot)·4 + role
inline constexpr int kSpendAction = kJoinGroup + kBasePlayers * kMaxInPlay * kMaxRoles;  // + row slot
inline constexpr int kGetJobAction = kSpendAction + kMaxRow;          // + row slot
inline constexpr int kPromoteFromRow = kGetJobAction + kMaxRow;       // + row slot
inline constexpr int kPromoteFlip = kPromoteFromRow + kMaxRow;
inline constexpr int kStartRelationshipAction = kPromoteFlip + 1;     // + row slot
inline constexpr int kCardAction = kStartRelationshipAction + kMaxRow;  // + slot
inline constexpr int kPayUnit = kCardAction + kMaxInPlay;             // + resource
inline constexpr int kPass = kPayUnit + kNumResources;
// Later additions go after Pass so that the earlier ids (and saved payments) keep their meaning.
inline constexpr int kGetJobWorkingHarder = kPass + 1;  // + row slot·2 + times − 1 (Stand-alone Jobs)
inline constexpr int kUpkeepWorkingHarder = kGetJobWorkingHarder + kMaxRow * kMaxWorkHarder;  // + times − 1
inline constexpr int kEventTask = kUpkeepWorkingHarder + kMaxWorkHarder;  // pay the revealed Event's task
inline constexpr int kPlanExperienceAction = kEventTask + 1;  // + Experiences board slot
// Dream: + source·3 + dream slot, the source being row·6 + row slot or 24 + Experiences board slot.
inline constexpr int kDreamAction = kPlanExperienceAction + kExperienceSlots;
inline constexpr int kFromDream = kDreamAction + kNumDreamSources * kMaxDreamSlots;  // + dream slot·4 + variant
inline constexpr int kExtendExperience = kFromDream + kMaxDreamSlots * kDreamVariants;  // + own slot
inline constexpr int kDevelopWithKid = kExtendExperience + kMaxInPlay;  // + own slot (Kids)
inline constexpr int kRaiseFamily = kDevelopWithKid + kMaxInPlay;        // + own slot (Kids)
// Nostalgia: the free actions first, then the main (card) actions.
inline constexpr int kPlaceNostalgia = kRaiseFamily + kMaxInPlay;          // + hand index
inline constexpr int kDiscardNostalgia = kPlaceNostalgia + kNostalgiaHand;  // + Nostalgia board slot
inline constexpr int kActiveTrigger = kDiscardNostalgia + kNostalgiaSlots;  // + Nostalgia board slot
inline constexpr int kFreeAbility = kActiveTrigger + kNostalgiaSlots;       // + own slot (Caregiver, …)
inline constexpr int kRealize = kFreeAbility + kMaxInPlay;                  // + Nostalgia board slot
inline constexpr int kDetermineOutcome = kRealize + kNostalgiaSlots;        // + own slot·2 + outcome
inline constexpr int kSmartGoals = kDetermineOutcome + kMaxInPlay * 2;      // + own slot (Time Management)
// In the pay step: one unit of a positive STH's discount not taken, so that one more resource
// is paid (an Ongoing Nostalgia goal counts what a Project took: the rulebook's FAQ, Bookworm).
inline constexpr int kForgoDiscount = kSmartGoals + kMaxInPlay;
// The School module: a course of the School board in the Teen round, by Job category (science,
// social, arts), on the board space the School board covers there.
inline constexpr int kSchoolCourse = kForgoDiscount + 1;
inline constexpr int kMakeFriend = kSchoolCourse + 3;  // + Best Friends board slot
// The Community expansion: placing the meeple or an Hourglass on a Community card; choosing an
// achievement (or none) in its End of Round resolution; joining a 5th seat's Group Project.
inline constexpr int kCommunityPlace = kMakeFriend + kFriendSlots;     // + Community board slot
inline constexpr int kAchievement = kCommunityPlace + kCommunitySlots;  // + achievement
inline constexpr int kNoAchievement = kAchievement + kMaxAchievements;
inline constexpr int kJoinFifthSeat = kNoAchievement + 1;               // + slot·4 + role
// Spend buying an Item at a level above the first (rule item_purchase): + row slot·3 + level − 2.
inline constexpr int kSpendAtLevel = kJoinFifthSeat + kMaxInPlay * kMaxRoles;
// The Experiences board's actions with an Hourglass while the Cloud is unused (Experiences
// rulebook: "either your Cloud token or your Hourglass tokens"): + (the action with the Cloud −
// kPlanExperienceAction), for Plan Experience, Dream and taking a card from the Dream board.
inline constexpr int kWithHourglass = kSpendAtLevel + kMaxRow * (kMaxLevels - 1);
inline constexpr int kNumCloudActions = kExtendExperience - kPlanExperienceAction;
// A Partner with Kids discarded (Experiences rulebook, Kids): keep or discard the Kid first in
// line, one decision per Kid.
inline constexpr int kKeepKid = kWithHourglass + kNumCloudActions;
inline constexpr int kDiscardKid = kKeepKid + 1;
// Both Nostalgia board cards wait for the action just performed: the player chooses whose
// Passive Trigger activates (+ Nostalgia board slot).
inline constexpr int kChooseTrigger = kDiscardKid + 1;
inline constexpr int kNumDistinctActions = kChooseTrigger + kNostalgiaSlots;
inline constexpr int kMaxLegalActions = 255;  // the most a FixedVector holds; a position lists far fewer

inline constexpr int kTerminalPlayer = -4;

}  // namespace lifespan::pursuit_of_happiness
