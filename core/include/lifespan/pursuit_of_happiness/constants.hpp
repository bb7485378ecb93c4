#pragma once
// The Pursuit of Happiness (base game): worker placement over a life of up to 8 rounds.
// Rules: docs/pursuit_of_happiness.md (the rules flow summary and the public sources of
// docs/sources.md, with every unclear point a rule parameter); the engine's layout:
// docs/pursuit_of_happiness_engine.md.
#include <cstdint>

namespace lifespan::pursuit_of_happiness {

// Sources: "seed" is The Pursuit of Happiness rules flow summary; S-tags are the public sources
// listed in docs/sources.md.
inline constexpr int kMaxPlayers = 5;       // 4 colours in the base box; 5 with Community (S19)
inline constexpr int kBasePlayers = 4;      // without Community
inline constexpr int kNumResources = 3;     // Knowledge, Creativity, Influence (seed, rule 6.2)
inline constexpr int kNumProjectCategories = 7;  // culture, politics, social, science, sports, arts, nature
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

// Action ids: action.hpp lays them out.
inline constexpr int kNumSimpleActions = 6;  // Study, Play, Interact, Temp Job, Work Overtime, Rest
inline constexpr int kMaxLegalActions = 255;  // the most a FixedVector holds; a position lists far fewer

inline constexpr int kTerminalPlayer = -4;

}  // namespace lifespan::pursuit_of_happiness
