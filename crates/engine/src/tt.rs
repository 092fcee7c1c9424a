//! A fixed-size transposition table keyed by Zobrist keys.
//!
//! Memory is bounded: the table is allocated once, with a power-of-two
//! number of 16-byte entries that fits the byte budget given, and never
//! grows; it comes zeroed from the allocator, so only the pages a search
//! writes are ever touched. One entry per slot (index = low bits of the
//! key). Every search has its own generation, and a probe sees only the
//! entries of the current one: an earlier search's results (depth-limited
//! horizons, other windows) never leak into a later one, so a search gives
//! the same answer whatever was searched before it with the same table.
//! Replacement policy: a new result overwrites the slot if the slot is
//! empty, holds the same position, was written by an earlier search, or was
//! searched no deeper than the new result. Otherwise the deeper result from
//! the current search is kept, since it saved more work.

use super::report::Bound;

/// What the table remembers about one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TtEntry {
    pub score: i32,
    pub bound: Bound,
    /// Plies searched below the position.
    pub depth: u32,
    /// The best (or refuting) move found.
    pub best: Option<usize>,
}

/// One slot: the full key, then the entry packed into one word (bits 0-15
/// score, 16-23 bound (0 = empty slot, else 1 + `Bound` discriminant), 24-31
/// depth, 32-39 best move (0 = none, else 1 + cell), 40-63 generation).
/// Plain words, so an all-zero table is an empty one and comes from the
/// allocator already zeroed (`calloc`): the pages of a big table are only
/// touched where a search writes.
type Slot = [u64; 2];

/// Bytes one table entry takes.
pub const ENTRY_BYTES: usize = std::mem::size_of::<Slot>();

#[inline(always)]
fn slot_bound(data: u64) -> u8 {
    (data >> 16) as u8
}

#[inline(always)]
fn slot_depth(data: u64) -> u8 {
    (data >> 24) as u8
}

#[inline(always)]
fn slot_generation(data: u64) -> u32 {
    (data >> GENERATION_SHIFT) as u32
}

const GENERATION_SHIFT: u32 = 40;
/// Generations run from 1 to this (24 bits); after the last one the table
/// is cleared, so a wrapped-around generation never revives an old entry.
const LAST_GENERATION: u32 = (1 << (64 - GENERATION_SHIFT)) - 1;

pub struct TranspositionTable {
    slots: Vec<Slot>,
    /// The current search's generation, 1 to `LAST_GENERATION`.
    generation: u32,
}

impl TranspositionTable {
    /// A table that takes at most `max_bytes` (and at least one entry).
    pub fn with_max_bytes(max_bytes: usize) -> TranspositionTable {
        let wanted = (max_bytes / ENTRY_BYTES).max(1);
        // The largest power of two that fits, so an index is a mask.
        let count = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            slots: vec![[0; 2]; count],
            generation: 1,
        }
    }

    pub fn memory_bytes(&self) -> usize {
        self.slots.len() * ENTRY_BYTES
    }

    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Slots that hold an entry of the current search.
    pub fn len(&self) -> usize {
        self.slots
            .iter()
            .filter(|slot| slot_bound(slot[1]) != 0 && slot_generation(slot[1]) == self.generation)
            .count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Marks the start of a new search: older entries are no longer seen
    /// and become replaceable, as if the table were empty.
    pub fn new_search(&mut self) {
        if self.generation == LAST_GENERATION {
            self.clear();
        } else {
            self.generation += 1;
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill([0; 2]);
        self.generation = 1;
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        let [slot_key, data] = self.slots[self.index(key)];
        let bound = slot_bound(data);
        if bound == 0 || slot_key != key || slot_generation(data) != self.generation {
            return None;
        }
        Some(TtEntry {
            score: data as i16 as i32,
            bound: match bound {
                1 => Bound::Exact,
                2 => Bound::Lower,
                _ => Bound::Upper,
            },
            depth: slot_depth(data) as u32,
            best: ((data >> 32) as u8).checked_sub(1).map(usize::from),
        })
    }

    /// Stores a result; returns false if the replacement policy kept the
    /// slot's older, deeper entry instead.
    #[inline]
    pub fn store(&mut self, key: u64, entry: TtEntry) -> bool {
        let generation = self.generation;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let [slot_key, data] = *slot;
        let replace = slot_bound(data) == 0
            || slot_key == key
            || slot_generation(data) != generation
            || slot_depth(data) as u32 <= entry.depth;
        if replace {
            let data = entry.score as i16 as u16 as u64
                | ((1 + entry.bound as u8) as u64) << 16
                | (entry.depth as u8 as u64) << 24
                | (entry.best.map_or(0, |cell| cell as u8 + 1) as u64) << 32
                | (generation as u64) << GENERATION_SHIFT;
            *slot = [key, data];
        }
        replace
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_never_exceeds_the_budget() {
        assert_eq!(ENTRY_BYTES, 16);
        for budget in [16, 100, 4096, 1 << 20, 3 << 20, (1 << 20) + 1] {
            let table = TranspositionTable::with_max_bytes(budget);
            assert!(table.memory_bytes() <= budget, "{budget}");
            assert!(
                table.memory_bytes() * 2 > budget,
                "uses at least half of {budget}"
            );
            assert!(table.capacity().is_power_of_two());
        }
    }

    #[test]
    fn entries_round_trip_and_filling_never_grows_the_table() {
        let mut table = TranspositionTable::with_max_bytes(64 * ENTRY_BYTES);
        let entry = TtEntry {
            score: -994,
            bound: Bound::Lower,
            depth: 7,
            best: Some(8),
        };
        table.store(12345, entry);
        assert_eq!(table.probe(12345), Some(entry));
        assert_eq!(table.probe(12345 + 64), None, "same slot, other key");
        for key in 0..10_000u64 {
            table.store(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                TtEntry {
                    score: 0,
                    bound: Bound::Exact,
                    depth: 1,
                    best: None,
                },
            );
        }
        assert_eq!(table.capacity(), 64);
        assert!(table.len() <= 64);
    }

    #[test]
    fn deeper_entries_of_the_current_search_survive() {
        let mut table = TranspositionTable::with_max_bytes(ENTRY_BYTES);
        let deep = TtEntry {
            score: 5,
            bound: Bound::Exact,
            depth: 6,
            best: Some(1),
        };
        let shallow = TtEntry {
            score: 1,
            bound: Bound::Exact,
            depth: 2,
            best: None,
        };
        assert!(table.store(1, deep));
        assert!(!table.store(2, shallow));
        assert_eq!(table.probe(1), Some(deep));
        table.new_search();
        assert!(
            table.store(2, shallow),
            "entries of an older search give way"
        );
        assert_eq!(table.probe(2), Some(shallow));
    }

    #[test]
    fn a_new_search_sees_nothing_of_the_earlier_ones() {
        let mut table = TranspositionTable::with_max_bytes(64 * ENTRY_BYTES);
        let entry = TtEntry {
            score: 3,
            bound: Bound::Exact,
            depth: 2,
            best: Some(4),
        };
        table.store(7, entry);
        assert_eq!(table.probe(7), Some(entry));
        assert_eq!(table.len(), 1);
        table.new_search();
        assert_eq!(table.probe(7), None, "an earlier search's entry is unseen");
        assert_eq!(table.len(), 0);
        table.store(7, entry);
        assert_eq!(table.probe(7), Some(entry));
    }

    #[test]
    fn generations_never_wrap_around_to_an_old_entry() {
        let mut table = TranspositionTable::with_max_bytes(4 * ENTRY_BYTES);
        let entry = TtEntry {
            score: 1,
            bound: Bound::Lower,
            depth: 1,
            best: None,
        };
        table.store(1, entry);
        // Skip ahead to the last generation, as 16 million searches would.
        table.generation = LAST_GENERATION;
        table.store(2, entry);
        table.new_search();
        assert_eq!(table.generation, 1);
        assert_eq!(table.probe(1), None, "the first generation's entry is gone");
        assert_eq!(table.probe(2), None);
        assert!(table.is_empty());
    }
}
