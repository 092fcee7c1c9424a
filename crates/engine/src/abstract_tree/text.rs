//! The text of an abstract tree: nested lists, as textbooks write them.
//! An inner node is its children in round brackets, `(3 12 8)`, a chance
//! node in square brackets, `[3 12]`, a leaf its value: `((3 12 8) (2 4 6)
//! (14 5 2))`. Children are separated by white space or commas. The root's
//! side is not in the text (the caller gives it: Max or Min).
//!
//! The parser takes any text and refuses what is not a tree with the byte
//! offset of the first problem; it never recurses and stops at the caps
//! (`MAX_DEPTH`, `MAX_CHILDREN`, `MAX_NODES`), so hostile input cannot
//! exhaust the stack or the memory. `Display` writes the text back in the
//! one way the parser reads again into the same tree.

use std::fmt;

use super::{AbstractTree, BuildError, Decision, NodeKind, TreeBuilder};

/// What is wrong with a tree's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// Nothing but white space.
    Empty,
    /// A number where the root should be: the root is a list.
    LeafAtRoot,
    /// A chance node's `[` where the root should be: the root is Max or
    /// Min.
    ChanceAtRoot,
    /// A character that is no bracket, digit, sign, comma or white space.
    UnexpectedCharacter(char),
    /// A bracket still open at the end of the text; the offset is where it
    /// was opened.
    Unclosed { open: char },
    /// A closing bracket with nothing open.
    UnexpectedClose(char),
    /// A closing bracket of the other kind than the one open.
    MismatchedClose { expected: char, found: char },
    /// `()` or `[]`: an inner node needs a child.
    EmptyList,
    /// A sign without digits, or digits running into a letter.
    NotANumber,
    /// A leaf's value outside `MIN_VALUE..=MAX_VALUE`.
    ValueOutOfRange,
    /// Text after the root's closing bracket.
    TrailingText,
    /// A node more than `MAX_DEPTH` levels below the root.
    TooDeep,
    /// More than `MAX_NODES` nodes.
    TooManyNodes,
    /// A node with more than `MAX_CHILDREN` children.
    TooManyChildren,
    /// A chance node whose exact value would need too fine a fraction
    /// (`MAX_DENOMINATOR`).
    TooManyOutcomes,
}

/// A refusal: what is wrong and where, `start..end` in bytes of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    pub start: usize,
    pub end: usize,
}

impl fmt::Display for ParseError {
    /// The kind and the offset, for logs and tests; people read the words'
    /// sentence.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} at byte {}", self.kind, self.start)
    }
}

impl std::error::Error for ParseError {}

fn closing(open: char) -> char {
    if open == '[' { ']' } else { ')' }
}

fn is_separator(c: char) -> bool {
    c.is_whitespace() || c == ','
}

/// Reads `text` as a tree whose root decides for `root`.
pub fn parse(text: &str, root: Decision) -> Result<AbstractTree, ParseError> {
    let mut builder = TreeBuilder::new(root);
    // The open brackets and their offsets.
    let mut open: Vec<(char, usize)> = Vec::new();
    let mut started = false;
    let mut chars = text.char_indices().peekable();
    let error = |kind, start: usize, end: usize| Err(ParseError { kind, start, end });
    let built = |error: BuildError, start: usize, end: usize| ParseError {
        kind: match error {
            BuildError::ValueOutOfRange => ParseErrorKind::ValueOutOfRange,
            BuildError::TooDeep => ParseErrorKind::TooDeep,
            BuildError::TooManyNodes => ParseErrorKind::TooManyNodes,
            BuildError::TooManyChildren => ParseErrorKind::TooManyChildren,
            BuildError::NoChildren => ParseErrorKind::EmptyList,
            BuildError::TooManyOutcomes => ParseErrorKind::TooManyOutcomes,
            BuildError::RootNotDecision => ParseErrorKind::ChanceAtRoot,
            BuildError::NotOpen | BuildError::Unfinished => ParseErrorKind::TrailingText,
        },
        start,
        end,
    };
    while let Some((at, c)) = chars.next() {
        let end = at + c.len_utf8();
        if is_separator(c) {
            continue;
        }
        if started && open.is_empty() {
            return error(ParseErrorKind::TrailingText, at, text.len());
        }
        match c {
            '(' | '[' => {
                if !started && c == '[' {
                    return error(ParseErrorKind::ChanceAtRoot, at, end);
                }
                started = true;
                builder.open(c == '[').map_err(|e| built(e, at, end))?;
                open.push((c, at));
            }
            ')' | ']' => {
                let Some(&(opener, _)) = open.last() else {
                    return error(ParseErrorKind::UnexpectedClose(c), at, end);
                };
                if closing(opener) != c {
                    return error(
                        ParseErrorKind::MismatchedClose {
                            expected: closing(opener),
                            found: c,
                        },
                        at,
                        end,
                    );
                }
                builder.close().map_err(|e| built(e, at, end))?;
                open.pop();
            }
            '-' | '+' | '0'..='9' => {
                let mut token_end = end;
                while let Some(&(next_at, next)) = chars.peek() {
                    if is_separator(next) || "()[]".contains(next) {
                        break;
                    }
                    token_end = next_at + next.len_utf8();
                    chars.next();
                }
                let token = &text[at..token_end];
                if !started {
                    return error(ParseErrorKind::LeafAtRoot, at, token_end);
                }
                let value = leaf_value(token).map_err(|kind| ParseError {
                    kind,
                    start: at,
                    end: token_end,
                })?;
                builder.leaf(value).map_err(|e| built(e, at, token_end))?;
            }
            other => return error(ParseErrorKind::UnexpectedCharacter(other), at, end),
        }
    }
    if let Some(&(opener, at)) = open.last() {
        return error(ParseErrorKind::Unclosed { open: opener }, at, at + 1);
    }
    if !started {
        return error(ParseErrorKind::Empty, 0, text.len());
    }
    Ok(builder.finish().expect("every bracket is closed"))
}

/// A leaf's text as its value: an optional sign and digits.
fn leaf_value(token: &str) -> Result<i32, ParseErrorKind> {
    let digits = token.strip_prefix(['-', '+']).unwrap_or(token);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseErrorKind::NotANumber);
    }
    // Any number of digits is a number; past the range it is refused as
    // out of range, however long.
    token
        .parse::<i32>()
        .map_err(|_| ParseErrorKind::ValueOutOfRange)
}

impl fmt::Display for AbstractTree {
    /// `((3 12 8) (2 4 6) (14 5 2))`: what `parse` reads back into this
    /// tree (given its root's side).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Iterative, as the parser: a node's closing brackets are written
        // when the walk leaves it.
        let mut stack = vec![(0, 0)];
        while let Some((id, next_child)) = stack.pop() {
            let node = self.node(id);
            if let NodeKind::Leaf(value) = node.kind {
                write!(f, "{value}")?;
                continue;
            }
            let chance = node.kind == NodeKind::Chance;
            if next_child == 0 {
                f.write_str(if chance { "[" } else { "(" })?;
            }
            match node.children.get(next_child) {
                Some(&child) => {
                    if next_child > 0 {
                        f.write_str(" ")?;
                    }
                    stack.push((id, next_child + 1));
                    stack.push((child, 0));
                }
                None => f.write_str(if chance { "]" } else { ")" })?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abstract_tree::{MAX_CHILDREN, MAX_DEPTH};

    fn refusal(text: &str) -> (ParseErrorKind, usize) {
        let error = parse(text, Decision::Max).expect_err(text);
        (error.kind, error.start)
    }

    #[test]
    fn the_textbook_tree_reads_and_writes_back() {
        let tree = parse(" ( (3, 12 ,8) (2 4 6)\n(14 5 2) ) ", Decision::Max).unwrap();
        assert_eq!(tree.to_string(), "((3 12 8) (2 4 6) (14 5 2))");
        assert_eq!(tree.len(), 13);
        assert_eq!(tree.node(1).decision(), Some(Decision::Min));
        assert_eq!(tree.node(2).leaf_value(), Some(3));
        assert_eq!(tree.find(&[2, 0]), Some(10));
        assert_eq!(tree.path(10), vec![2, 0]);
    }

    #[test]
    fn chance_nodes_do_not_count_for_the_sides() {
        let tree = parse("([(1 2) 3] (4))", Decision::Min).unwrap();
        let kinds: Vec<NodeKind> = tree.nodes().iter().map(|node| node.kind).collect();
        assert_eq!(
            kinds,
            vec![
                NodeKind::Decision(Decision::Min),
                NodeKind::Chance,
                NodeKind::Decision(Decision::Max),
                NodeKind::Leaf(1),
                NodeKind::Leaf(2),
                NodeKind::Leaf(3),
                NodeKind::Decision(Decision::Max),
                NodeKind::Leaf(4),
            ]
        );
        assert_eq!(tree.to_string(), "([(1 2) 3] (4))");
    }

    #[test]
    fn each_problem_is_refused_at_its_offset() {
        use ParseErrorKind::*;
        assert_eq!(refusal("  "), (Empty, 0));
        assert_eq!(refusal(" 7"), (LeafAtRoot, 1));
        assert_eq!(refusal("[1 2]"), (ChanceAtRoot, 0));
        assert_eq!(refusal("(1 x)"), (UnexpectedCharacter('x'), 3));
        assert_eq!(refusal("((1 2) (3"), (Unclosed { open: '(' }, 7));
        assert_eq!(refusal(")"), (UnexpectedClose(')'), 0));
        assert_eq!(
            refusal("([1 2) 3)"),
            (
                MismatchedClose {
                    expected: ']',
                    found: ')'
                },
                5
            )
        );
        assert_eq!(refusal("(1 ())"), (EmptyList, 4));
        assert_eq!(refusal("(1 -)"), (NotANumber, 3));
        assert_eq!(refusal("(1 12a)"), (NotANumber, 3));
        assert_eq!(refusal("(1 1000)"), (ValueOutOfRange, 3));
        assert_eq!(refusal("(1 -99999999999999999999)"), (ValueOutOfRange, 3));
        assert_eq!(refusal("(1 2) (3)"), (TrailingText, 6));
        assert_eq!(refusal("(1 2) 3"), (TrailingText, 6));
    }

    #[test]
    fn the_caps_stop_hostile_text_early() {
        let deep = "(".repeat(MAX_DEPTH + 1) + "1" + &")".repeat(MAX_DEPTH + 1);
        assert_eq!(refusal(&deep), (ParseErrorKind::TooDeep, MAX_DEPTH + 1));
        // A million brackets are refused at the first one too deep.
        assert_eq!(refusal(&"(".repeat(1_000_000)).0, ParseErrorKind::TooDeep);
        let wide = format!("({})", "1 ".repeat(MAX_CHILDREN + 1));
        assert_eq!(
            refusal(&wide),
            (ParseErrorKind::TooManyChildren, 1 + 2 * MAX_CHILDREN)
        );
        let group = format!("({}) ", "1 ".repeat(MAX_CHILDREN));
        let many = format!(
            "({})",
            format!("({})", group.repeat(MAX_CHILDREN)).repeat(MAX_CHILDREN)
        );
        assert_eq!(refusal(&many).0, ParseErrorKind::TooManyNodes);
        // Chance nodes of 13, 11 and 7 children, each five deep, would
        // need a denominator of 1001^5 times 3.
        let chain = |n: usize| {
            let level = |inner: String| format!("[{inner}{}]", " 0".repeat(n - 1));
            (0..5).fold("0".to_owned(), |inner, _| level(inner))
        };
        let fine = format!("([{} {} {}])", chain(13), chain(11), chain(7));
        assert_eq!(refusal(&fine).0, ParseErrorKind::TooManyOutcomes);
    }
}
