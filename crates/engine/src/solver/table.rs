//! The fast solver's transposition table: one `u64` per entry, a fixed
//! number of them (a power of two), each keeping both bounds of one
//! position's score.
//!
//! A key of the layout's `N` bits is first mixed by a multiplication
//! modulo `2^N` (a bijection: odd multiplier), then split: its high bits
//! pick the entry, its low `N - index bits` are kept in the entry to
//! check. Index and check together give the whole mixed key back, so an
//! entry never answers for another position (Pons' table keeps 32 bits
//! of the key and a prime size for the same guarantee on 7x6).
//!
//! Entry, from the high bits: check | generation | lower + 64 (7 bits) |
//! upper + 64 (7 bits). Generation 0 is an empty entry; each solve that
//! does not keep the table starts a new generation, which makes every
//! older entry empty without touching memory, and the table is wiped
//! only when the generations run out. A bound absent from an entry reads
//! as -64 or 63: beyond every score.

use super::bitboard::Layout;

const BOUND_BITS: u32 = 7;
const BOUND_OFFSET: i32 = 64;
const BOUND_MASK: u64 = (1 << BOUND_BITS) - 1;
/// The lowest and highest bound an entry can say: none at all.
pub(crate) const NO_LOWER: i32 = -BOUND_OFFSET;
pub(crate) const NO_UPPER: i32 = BOUND_MASK as i32 - BOUND_OFFSET;
/// The most bits of the key an entry keeps, which leaves it 4 bits of
/// generation.
const MAX_CHECK_BITS: u32 = 64 - 2 * BOUND_BITS - 4;
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

pub(crate) struct Table {
    entries: Vec<u64>,
    index_bits: u32,
    /// The layout the entries' keys belong to (none yet: empty).
    layout: Option<Layout>,
    key_mask: u64,
    /// Bits of the mixed key below the index: the check.
    check_bits: u32,
    /// Bits of an entry below its check: generation and bounds.
    check_shift: u32,
    generation_mask: u64,
    generation: u64,
}

impl Table {
    /// A table of at most `max_bytes` (at least one entry). Its memory is
    /// asked of the system at once but given only where it is written.
    pub fn with_max_bytes(max_bytes: usize) -> Table {
        let entries = (max_bytes / size_of::<u64>()).max(1);
        let index_bits = usize::BITS - 1 - entries.leading_zeros();
        Table {
            entries: vec![0; 1 << index_bits],
            index_bits,
            layout: None,
            key_mask: 0,
            check_bits: 0,
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
            // The entries' fields lie elsewhere on another layout.
            self.entries.fill(0);
            self.layout = Some(*layout);
            let bits = layout.bits;
            self.key_mask = u64::MAX >> (64 - bits);
            // An entry keeps a few generations' bits at least: a table
            // too small for that on a big layout grows (to 2 MiB on 8x7).
            if self.index_bits + MAX_CHECK_BITS < bits {
                self.index_bits = bits - MAX_CHECK_BITS;
                self.entries = vec![0; 1 << self.index_bits];
            }
            // More entries than keys: the extra ones stay unused.
            let index_bits = self.index_bits.min(bits);
            let check_bits = bits - index_bits;
            self.check_bits = check_bits;
            let generation_bits = (64 - check_bits - 2 * BOUND_BITS).min(32);
            self.check_shift = generation_bits + 2 * BOUND_BITS;
            self.generation_mask = (1 << generation_bits) - 1;
            self.generation = 1;
        } else if !keep {
            self.generation += 1;
            if self.generation > self.generation_mask {
                self.entries.fill(0);
                self.generation = 1;
            }
        }
    }

    #[inline(always)]
    fn slot(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MULTIPLIER) & self.key_mask;
        let index = (mixed >> self.check_bits) as usize;
        let check = mixed & ((1u64 << self.check_bits) - 1);
        (index, check)
    }

    /// The bounds known for the position of `key`: (lower, upper), or
    /// (`NO_LOWER`, `NO_UPPER`).
    #[inline(always)]
    pub fn probe(&self, key: u64) -> (i32, i32) {
        let (index, check) = self.slot(key);
        let entry = self.entries[index];
        let expected = check << self.check_shift | self.generation << (2 * BOUND_BITS);
        if entry >> (2 * BOUND_BITS) != expected >> (2 * BOUND_BITS) {
            return (NO_LOWER, NO_UPPER);
        }
        (
            ((entry >> BOUND_BITS) & BOUND_MASK) as i32 - BOUND_OFFSET,
            (entry & BOUND_MASK) as i32 - BOUND_OFFSET,
        )
    }

    /// Keeps `lower <= score <= upper` for the position of `key`, in
    /// place of whatever the entry held.
    #[inline(always)]
    pub fn store(&mut self, key: u64, lower: i32, upper: i32) {
        let (index, check) = self.slot(key);
        self.entries[index] = check << self.check_shift
            | self.generation << (2 * BOUND_BITS)
            | ((lower + BOUND_OFFSET) as u64) << BOUND_BITS
            | (upper + BOUND_OFFSET) as u64;
    }
}
