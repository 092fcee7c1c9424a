//! The fast solver's transposition table: one `u64` per entry, a fixed
//! number of them (a power of two), each keeping both bounds of one
//! position's score, its stone count and the move that proved the lower
//! bound. Entries go in pairs: a position may sit in either entry of its
//! pair; a new one takes the first entry if it has no more stones than
//! the one there (the positions near the root, whose searches cost the
//! most, stay), else the second.
//!
//! A key of the layout's `N` bits is first mixed by a multiplication
//! modulo `2^N` (a bijection: odd multiplier), then split: its high bits
//! pick the pair, its low `N - index bits` are kept in the entry to
//! check. Index and check together give the whole mixed key back, so an
//! entry never answers for another position (Pons' table keeps 32 bits
//! of the key and a prime size for the same guarantee on 7x6).
//!
//! Entry, from the high bits: check | generation | stones (6 bits) |
//! lower + 64 (7 bits) | upper + 64 (7 bits) | best column + 1 (4 bits,
//! 0: none; left out on 7x8 and 8x7, whose keys take the room). Generation 0
//! is an empty entry; each solve that does not keep the table starts a
//! new generation, which makes every older entry empty without touching
//! memory, and the table is wiped only when the generations run out. A
//! bound absent from an entry reads as -64 or 63: beyond every score.
//!
//! Searches on several threads may share one table (`probe` and `store`
//! take `&self`): each entry is one atomic `u64`, read and written whole,
//! so a thread sees an entry either before or after another's write, and
//! its check bits say whose position it is. Two stores into one pair at
//! once may lose one of them: a lost entry costs a search, never a wrong
//! answer.
//!
//! The table's memory is zeroed by the system as it is first written, and
//! on Linux the system is asked to back it with huge pages: a probe is a
//! random access into up to gigabytes, and with 4 KiB pages most of them
//! also miss the address cache (see docs/solver.md for what it bought).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use zerocopy::FromZeros;

use super::bitboard::Layout;

const BOUND_BITS: u32 = 7;
const BOUND_OFFSET: i32 = 64;
const BOUND_MASK: u64 = (1 << BOUND_BITS) - 1;
const MOVE_BITS: u32 = 4;
const STONE_BITS: u32 = 6;
/// The lowest and highest bound an entry can say: none at all.
pub(crate) const NO_LOWER: i32 = -BOUND_OFFSET;
pub(crate) const NO_UPPER: i32 = BOUND_MASK as i32 - BOUND_OFFSET;
/// The fewest bits of generation an entry has.
const MIN_GENERATION_BITS: u32 = 2;
/// Layouts of more bits have no room for the best move.
const MOVE_KEPT_UP_TO: u32 = 56;
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// What the table knows of a position: `lower <= score <= upper`, and
/// the column whose move proved `lower`, if one did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Known {
    pub lower: i32,
    pub upper: i32,
    pub best: Option<u32>,
}

impl Known {
    const NOTHING: Known = Known {
        lower: NO_LOWER,
        upper: NO_UPPER,
        best: None,
    };
}

pub(crate) struct Table {
    entries: Box<[AtomicU64]>,
    /// Bits of a pair's index.
    index_bits: u32,
    /// The layout the entries' keys belong to (none yet: empty).
    layout: Option<Layout>,
    key_mask: u64,
    /// Bits of the mixed key below the index: the check.
    check_bits: u32,
    /// 4, or 0 where the entry has no room for the move.
    move_bits: u32,
    /// Bits of an entry below its generation.
    data_bits: u32,
    /// Bits of an entry below its check: generation and data.
    check_shift: u32,
    generation_mask: u64,
    generation: u64,
}

impl Table {
    /// A table of at most `max_bytes` (at least one pair of entries). Its
    /// memory is asked of the system at once but given only where it is
    /// written.
    pub fn with_max_bytes(max_bytes: usize) -> Table {
        let pairs = (max_bytes / (2 * size_of::<u64>())).max(1);
        let index_bits = usize::BITS - 1 - pairs.leading_zeros();
        Table {
            entries: zeroed_entries(2 << index_bits),
            index_bits,
            layout: None,
            key_mask: 0,
            check_bits: 0,
            move_bits: 0,
            data_bits: 0,
            check_shift: 0,
            generation_mask: 0,
            generation: 0,
        }
    }

    pub fn memory_bytes(&self) -> usize {
        self.entries.len() * size_of::<u64>()
    }

    /// Readies the table for a search on `layout`: a new generation
    /// unless `keep` (and the layout is the one before), so that no
    /// answer depends on the positions solved before.
    pub fn start(&mut self, layout: &Layout, keep: bool) {
        if self.layout != Some(*layout) {
            let bits = layout.bits;
            self.move_bits = if bits <= MOVE_KEPT_UP_TO {
                MOVE_BITS
            } else {
                0
            };
            self.data_bits = self.move_bits + 2 * BOUND_BITS + STONE_BITS;
            // An entry keeps a few generations' bits at least: a table
            // too small for that on a big layout grows (to 64 MiB on 8x7,
            // 32 MiB on 7x8, 4 MiB on 7x7 and 8x6).
            let max_check_bits = 64 - self.data_bits - MIN_GENERATION_BITS;
            if self.index_bits + max_check_bits < bits {
                self.index_bits = bits - max_check_bits;
                self.entries = zeroed_entries(2 << self.index_bits);
            } else if self.layout.is_some() {
                // The entries' fields lie elsewhere on another layout. (A
                // new table is empty already, and untouched: its pages are
                // given as the search writes them.)
                self.wipe();
            }
            self.layout = Some(*layout);
            self.key_mask = u64::MAX >> (64 - bits);
            // More pairs than keys: the extra ones stay unused.
            self.check_bits = bits - self.index_bits.min(bits);
            let generation_bits = (64 - self.check_bits - self.data_bits).min(32);
            self.check_shift = generation_bits + self.data_bits;
            self.generation_mask = (1 << generation_bits) - 1;
            self.generation = 1;
        } else if !keep {
            self.generation += 1;
            if self.generation > self.generation_mask {
                self.wipe();
                self.generation = 1;
            }
        }
    }

    fn wipe(&mut self) {
        for entry in &mut self.entries {
            *entry.get_mut() = 0;
        }
    }

    /// The first entry of `key`'s pair and the bits above the data its
    /// entry has.
    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MULTIPLIER) & self.key_mask;
        let index = (mixed >> self.check_bits) as usize;
        let check = mixed & ((1u64 << self.check_bits) - 1);
        (
            2 * index,
            (check << self.check_shift | self.generation << self.data_bits) >> self.data_bits,
        )
    }

    /// What is known of the position of `key`.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Known {
        let (first, tag) = self.slot(key);
        let pair = &self.entries[first..first + 2];
        let entry = match [pair[0].load(Relaxed), pair[1].load(Relaxed)] {
            [entry, _] if entry >> self.data_bits == tag => entry,
            [_, entry] if entry >> self.data_bits == tag => entry,
            _ => return Known::NOTHING,
        };
        let column = (entry & ((1 << self.move_bits) - 1)) as u32;
        let bounds = entry >> self.move_bits;
        Known {
            lower: ((bounds >> BOUND_BITS) & BOUND_MASK) as i32 - BOUND_OFFSET,
            upper: (bounds & BOUND_MASK) as i32 - BOUND_OFFSET,
            best: column.checked_sub(1),
        }
    }

    /// Keeps `known` for the position of `key` with `stones` on the
    /// board: in its entry if it has one, else in the first of the pair
    /// if the position has no more stones than the one there (which
    /// moves to the second), else in the second.
    #[inline(always)]
    pub fn store(&self, key: u64, stones: u32, known: Known) {
        let (first, tag) = self.slot(key);
        let mut entry = tag << (2 * BOUND_BITS + STONE_BITS)
            | u64::from(stones) << (2 * BOUND_BITS)
            | ((known.lower + BOUND_OFFSET) as u64) << BOUND_BITS
            | (known.upper + BOUND_OFFSET) as u64;
        entry = entry << self.move_bits
            | known.best.map_or(0, |column| u64::from(column) + 1) & ((1 << self.move_bits) - 1);
        let held = self.entries[first].load(Relaxed);
        let held_current = held >> self.data_bits & self.generation_mask == self.generation;
        let held_stones =
            (held >> (self.move_bits + 2 * BOUND_BITS)) as u32 & ((1 << STONE_BITS) - 1);
        if held >> self.data_bits == tag || !held_current || stones <= held_stones {
            if held >> self.data_bits != tag && held_current {
                self.entries[first + 1].store(held, Relaxed);
            }
            self.entries[first].store(entry, Relaxed);
        } else {
            self.entries[first + 1].store(entry, Relaxed);
        }
    }
}

/// `count` empty entries, their memory given by the system as it is
/// written, on huge pages where the system takes the advice.
fn zeroed_entries(count: usize) -> Box<[AtomicU64]> {
    let entries = <[AtomicU64]>::new_box_zeroed_with_elems(count).unwrap_or_else(|_| {
        std::alloc::handle_alloc_error(
            std::alloc::Layout::array::<u64>(count).unwrap_or(std::alloc::Layout::new::<u64>()),
        )
    });
    advise_huge_pages(&entries);
    entries
}

#[cfg(target_os = "linux")]
fn advise_huge_pages(entries: &[AtomicU64]) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = entries.as_ptr() as usize;
    let end = start + size_of_val(entries);
    let aligned = start.next_multiple_of(HUGE_PAGE);
    if aligned + HUGE_PAGE <= end {
        // SAFETY: advice only, on whole pages inside memory this table
        // owns and has not yet written: MADV_HUGEPAGE changes neither the
        // memory's contents nor which addresses are valid. A refusal
        // (a kernel without huge pages) leaves the table as it is.
        unsafe {
            libc::madvise(
                aligned as *mut libc::c_void,
                (end - aligned) / HUGE_PAGE * HUGE_PAGE,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_entries: &[AtomicU64]) {}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Shape;

    /// On every layout, from a table of any size: the check, the
    /// generation and the data fit one `u64`, with generations to spare,
    /// and what is stored is what is probed, for keys that differ only in
    /// their highest bit too.
    #[test]
    fn every_layout_fits_its_entries() {
        for shape in Shape::all() {
            let Some(layout) = Layout::of(shape) else {
                continue;
            };
            for bytes in [256, 1 << 20] {
                let mut table = Table::with_max_bytes(bytes);
                table.start(&layout, false);
                assert!(table.check_bits + table.check_shift <= 64, "{shape:?}");
                assert!(table.generation_mask >= 3, "{shape:?}");
                let known = Known {
                    lower: -3,
                    upper: 5,
                    best: (table.move_bits > 0).then_some(2),
                };
                let high = 1u64 << (layout.bits - 1);
                table.store(1, 7, known);
                assert_eq!(table.probe(1), known, "{shape:?}");
                assert_eq!(table.probe(1 | high), Known::NOTHING, "{shape:?}");
                table.start(&layout, false);
                assert_eq!(table.probe(1), Known::NOTHING, "{shape:?}");
            }
        }
    }
}
