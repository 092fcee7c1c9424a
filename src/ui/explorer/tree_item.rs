//! One row of the tree explorer, as its list model holds it: a node of a
//! recorded search tree, or a move that node's search pruned. Rows are
//! made only when their parent row is expanded.

use std::sync::Arc;

use gtk::subclass::prelude::*;
use gtk::{gio, glib, prelude::*};

use tictactoe_engine::board::Board;
use tictactoe_tools::tree::SearchTree;
use tictactoe_tools::tree_words;
use tictactoe_words::i18n::{fill, gettext};
use tictactoe_words::report::TextStyle;

/// What a row stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TreeItemKind {
    /// Node `id` of the item's tree.
    Node(usize),
    /// The move `cell` of node `parent`, never searched because of a cutoff.
    Pruned { parent: usize, cell: usize },
}

/// The item's data, fixed when it is made.
#[derive(Debug)]
pub struct TreeItemData {
    /// The tree holding the node: the explorer's, or a subtree searched
    /// again for a node the budget left unrecorded.
    pub tree: Arc<SearchTree>,
    pub kind: TreeItemKind,
    /// The node's id in the explorer's tree, if it lies there.
    pub explorer_id: Option<usize>,
    /// The moves from the explorer's root to this row's position.
    pub path: Vec<usize>,
    /// The position after the row's move.
    pub position: Board,
}

mod imp {
    use std::cell::{OnceCell, RefCell};

    use gtk::gio;
    use gtk::glib;
    use gtk::subclass::prelude::*;

    use super::TreeItemData;

    #[derive(Default)]
    pub struct TreeItem {
        pub(super) data: OnceCell<TreeItemData>,
        /// The children's model, once asked for (an unrecorded node's
        /// stays empty until its subtree is searched again).
        pub(super) children: RefCell<Option<gio::ListStore>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for TreeItem {
        const NAME: &'static str = "TictactoeTreeItem";
        type Type = super::TreeItem;
    }

    impl ObjectImpl for TreeItem {}
}

glib::wrapper! {
    pub struct TreeItem(ObjectSubclass<imp::TreeItem>);
}

impl TreeItem {
    pub fn new(data: TreeItemData) -> TreeItem {
        let item: TreeItem = glib::Object::new();
        item.imp()
            .data
            .set(data)
            .expect("a new item has no data yet");
        item
    }

    /// The root row of `tree`.
    pub fn root(tree: Arc<SearchTree>) -> TreeItem {
        let position = *tree.root_position();
        TreeItem::new(TreeItemData {
            tree,
            kind: TreeItemKind::Node(0),
            explorer_id: Some(0),
            path: Vec::new(),
            position,
        })
    }

    pub fn data(&self) -> &TreeItemData {
        self.imp().data.get().expect("items are made with data")
    }

    /// The node's id in its own tree (`None` for a pruned move).
    pub fn node_id(&self) -> Option<usize> {
        match self.data().kind {
            TreeItemKind::Node(id) => Some(id),
            TreeItemKind::Pruned { .. } => None,
        }
    }

    /// Whether the node was searched without keeping its children: the
    /// explorer searches it again when the row is expanded.
    pub fn awaits_expansion(&self) -> bool {
        let data = self.data();
        self.node_id().is_some_and(|id| {
            let node = data.tree.node(id);
            !node.recorded() && !node.ending().is_leaf()
        }) && self
            .imp()
            .children
            .borrow()
            .as_ref()
            .is_some_and(|children| children.n_items() == 0)
    }

    /// The children rows' model: the node's kept children in visit order,
    /// then the moves a cutoff pruned; `None` for a leaf or a pruned move.
    /// An unrecorded node's model starts empty (see `fill_from`).
    pub fn children(&self) -> Option<gio::ListStore> {
        if let Some(children) = self.imp().children.borrow().as_ref() {
            return Some(children.clone());
        }
        let data = self.data();
        let id = self.node_id()?;
        let node = data.tree.node(id);
        if node.ending().is_leaf() {
            return None;
        }
        let store = gio::ListStore::new::<TreeItem>();
        if node.recorded() {
            store.extend_from_slice(&child_items(data, &data.tree, id, data.explorer_id));
        }
        self.imp().children.replace(Some(store.clone()));
        Some(store)
    }

    /// Fills an unrecorded node's children from `subtree`, its search run
    /// again (its root is this node).
    pub fn fill_from(&self, subtree: Arc<SearchTree>) {
        let Some(store) = self.children() else {
            return;
        };
        if store.n_items() == 0 {
            store.extend_from_slice(&child_items(self.data(), &subtree, 0, None));
        }
    }

    /// The row's words for a screen reader: the node's (`principal`: a
    /// node of the principal variation), or why the move was pruned.
    pub fn sentence(&self, style: TextStyle, principal: bool) -> String {
        let data = self.data();
        match data.kind {
            TreeItemKind::Node(id) => {
                let sentence = tree_words::node_sentence(&data.tree, id, &data.position, style);
                if principal {
                    fill(
                        &gettext("{node}; on the principal variation"),
                        &[("node", &sentence)],
                    )
                } else {
                    sentence
                }
            }
            TreeItemKind::Pruned { parent, cell } => format!(
                "{}: {}",
                tree_words::pruned_move_text(&data.tree, parent, cell, style),
                tree_words::pruned_text(&data.tree, parent, style)
            ),
        }
    }
}

/// The rows under node `id` of `tree`, whose row is `parent`: the kept
/// children, then the pruned moves. `explorer_id` is the node's id in the
/// explorer's tree when `tree` is that tree.
fn child_items(
    parent: &TreeItemData,
    tree: &Arc<SearchTree>,
    id: usize,
    explorer_id: Option<usize>,
) -> Vec<TreeItem> {
    let board = parent.position;
    let side = board.side_to_move();
    let with_move = |cell: usize| {
        let mut position = board;
        position.toggle(cell, side);
        let mut path = parent.path.clone();
        path.push(cell);
        (position, path)
    };
    let mut items: Vec<TreeItem> = tree
        .children(id)
        .map(|child| {
            // A pass (MTD(f)'s, the solver's) or an iteration searches the
            // same position again.
            let (position, path) = match tree.node(child).cell() {
                Some(cell) => with_move(cell),
                None => (board, parent.path.clone()),
            };
            TreeItem::new(TreeItemData {
                tree: tree.clone(),
                kind: TreeItemKind::Node(child),
                explorer_id: explorer_id.map(|_| child),
                path,
                position,
            })
        })
        .collect();
    items.extend(tree.pruned(id, &board).into_iter().map(|cell| {
        let (position, path) = with_move(cell);
        TreeItem::new(TreeItemData {
            tree: tree.clone(),
            kind: TreeItemKind::Pruned { parent: id, cell },
            explorer_id: None,
            path,
            position,
        })
    }));
    items
}
