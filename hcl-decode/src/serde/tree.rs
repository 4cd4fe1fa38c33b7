//! The evaluated body serde reads: every attribute of every block
//! evaluated once, before serde runs, so that every evaluation error is
//! reported in one pass; then the items arranged in hcl-rs's data model
//! (attributes by name, blocks by type then by each label, repeated blocks
//! as a sequence), each remembering where it was written.

use std::collections::{HashMap, HashSet};

use hcl_core::body::{Attribute, Block, BlockHeaderSchema, BodySchema};
use hcl_core::{Diagnostics, DynBody, DynExpression, EvalContext, Range, Value};

/// A body: its items in hcl-rs's shape, in source order of first
/// appearance.
#[derive(Debug)]
pub(crate) struct BodyNode {
    pub(crate) entries: Vec<Entry>,
    /// For a block's body, its header (type and labels); `None` for a
    /// file's body.
    pub(crate) header: Option<Range>,
    /// Where an item missing from the body is reported: the header of a
    /// block, the end of a file's last item.
    pub(crate) missing: Range,
}

/// One key of a body or of a label level, and what it holds.
#[derive(Debug)]
pub(crate) struct Entry {
    pub(crate) key: String,
    /// The attribute's name, the block's type or the label.
    pub(crate) key_range: Range,
    pub(crate) node: Node,
}

/// What a key holds.
#[derive(Debug)]
pub(crate) enum Node {
    /// An attribute's value, and its expression (for the ranges of errors).
    Attribute { value: Value, expr: DynExpression },
    /// One block of the type (and labels) that leads here.
    Block(Box<BodyNode>),
    /// The next label level: the blocks by their next label.
    Labels(LabelsNode),
    /// Two or more blocks of the same type and labels, in source order.
    Blocks(Vec<BodyNode>),
}

/// A label level.
#[derive(Debug, Default)]
pub(crate) struct LabelsNode {
    pub(crate) entries: Vec<Entry>,
    index: HashMap<String, usize>,
}

/// Evaluates `body` whole in `ctx`; the diagnostics of reading and
/// evaluating it go to `diags`.
pub(crate) fn evaluate(body: &DynBody, ctx: &EvalContext, diags: &mut Diagnostics) -> BodyNode {
    evaluate_body(body, None, ctx, diags)
}

/// An item of a body, for ordering.
enum Item {
    Attribute(Attribute),
    Block(Block),
}

/// The items in source order, file by file (files in order of first
/// appearance); the items themselves are large, so small keys are sorted.
fn in_source_order(items: Vec<Item>) -> Vec<Item> {
    let mut files: Vec<&str> = Vec::new();
    let mut keys: Vec<(usize, usize, usize)> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let r = item.start();
        let file = match files.iter().position(|f| *f == &*r.filename) {
            Some(f) => f,
            None => {
                files.push(&r.filename);
                files.len() - 1
            }
        };
        keys.push((file, r.start.offset(), i));
    }
    keys.sort_unstable();
    let mut slots: Vec<Option<Item>> = items.into_iter().map(Some).collect();
    keys.into_iter()
        .filter_map(|(_, _, i)| slots[i].take())
        .collect()
}

impl Item {
    fn start(&self) -> &Range {
        match self {
            Item::Attribute(a) => &a.name_range,
            Item::Block(b) => &b.def_range,
        }
    }

    fn end(&self) -> Range {
        let r = match self {
            Item::Attribute(a) => &a.range,
            Item::Block(b) => &b.def_range,
        };
        Range::new(r.filename.clone(), r.end, r.end)
    }
}

fn evaluate_body(
    body: &DynBody,
    header: Option<Range>,
    ctx: &EvalContext,
    diags: &mut Diagnostics,
) -> BodyNode {
    // Blocks by the types the body names (each with the label count of its
    // first block), then every attribute left.
    let types = body.block_types().unwrap_or_default();
    let (attributes, blocks) = if types.is_empty() {
        let (attributes, d) = body.just_attributes();
        diags.extend(d);
        (attributes, Vec::new())
    } else {
        let mut schema = BodySchema::new();
        for (name, labels) in &types {
            let mut block = BlockHeaderSchema::new(name.clone());
            for _ in 0..*labels {
                block = block.label("label");
            }
            schema = schema.block(block);
        }
        let (content, rest, d) = body.partial_content(&schema);
        diags.extend(d);
        let (attributes, d) = rest.just_attributes();
        diags.extend(d);
        (attributes, content.blocks)
    };

    let items = in_source_order(
        attributes
            .into_values()
            .map(Item::Attribute)
            .chain(blocks.into_iter().map(Item::Block))
            .collect(),
    );

    let missing = match (&header, items.last()) {
        (Some(h), _) => h.clone(),
        (None, Some(last)) => last.end(),
        (None, None) => body.missing_item_range(),
    };

    let mut node = BodyNode {
        entries: Vec::with_capacity(items.len()),
        header,
        missing,
    };
    // Keys that blocks use: an attribute and blocks of one name share one
    // entry (the later replaces the earlier, as hcl-rs does).
    let mut index: HashMap<String, usize> = HashMap::new();
    let block_types: HashSet<&str> = types.iter().map(|(t, _)| t.as_str()).collect();
    for item in items {
        match item {
            Item::Attribute(attr) => {
                let (value, d) = attr.expr.value(ctx);
                diags.extend(d);
                let entry = Entry {
                    key: attr.name,
                    key_range: attr.name_range,
                    node: Node::Attribute {
                        value,
                        expr: attr.expr,
                    },
                };
                if !block_types.contains(entry.key.as_str()) {
                    node.entries.push(entry);
                } else if let Some(&i) = index.get(&entry.key) {
                    node.entries[i] = entry;
                } else {
                    index.insert(entry.key.clone(), node.entries.len());
                    node.entries.push(entry);
                }
            }
            Item::Block(block) => {
                let inner = super::deeper(|| {
                    evaluate_body(&block.body, Some(block.def_range.clone()), ctx, diags)
                });
                let labels: Vec<(String, Range)> =
                    block.labels.into_iter().zip(block.label_ranges).collect();
                match index.get(&block.type_name) {
                    Some(&i) => {
                        let entry = &mut node.entries[i];
                        entry.key_range = block.type_range;
                        insert_block(&mut entry.node, labels, inner);
                    }
                    None => {
                        index.insert(block.type_name.clone(), node.entries.len());
                        node.entries.push(Entry {
                            key: block.type_name,
                            key_range: block.type_range,
                            node: new_block(labels, inner),
                        });
                    }
                }
            }
        }
    }
    node
}

/// The node of one block reached through `labels`.
fn new_block(labels: Vec<(String, Range)>, body: BodyNode) -> Node {
    let mut labels = labels.into_iter();
    match labels.next() {
        None => Node::Block(Box::new(body)),
        Some((label, range)) => {
            let mut level = LabelsNode::default();
            level.index.insert(label.clone(), 0);
            level.entries.push(Entry {
                key: label,
                key_range: range,
                node: new_block(labels.collect(), body),
            });
            Node::Labels(level)
        }
    }
}

/// Adds a block to what its type (and labels) already hold: hcl-rs's deep
/// merge (label levels merge, bodies become a sequence, and anything else
/// is replaced by the block).
fn insert_block(slot: &mut Node, labels: Vec<(String, Range)>, body: BodyNode) {
    let mut rest = labels.into_iter();
    match (slot, rest.next()) {
        (Node::Labels(level), Some((label, range))) => match level.index.get(&label) {
            Some(&i) => insert_block(&mut level.entries[i].node, rest.collect(), body),
            None => {
                level.index.insert(label.clone(), level.entries.len());
                level.entries.push(Entry {
                    key: label,
                    key_range: range,
                    node: new_block(rest.collect(), body),
                });
            }
        },
        (slot @ Node::Block(_), None) => {
            let Node::Block(first) = std::mem::replace(slot, Node::Blocks(Vec::new())) else {
                return;
            };
            *slot = Node::Blocks(vec![*first, body]);
        }
        (Node::Blocks(all), None) => all.push(body),
        (slot, first) => {
            let labels: Vec<(String, Range)> = first.into_iter().chain(rest).collect();
            *slot = new_block(labels, body);
        }
    }
}

#[cfg(feature = "figment")]
impl BodyNode {
    /// The place of each key path (keys joined by `.`, labels as keys): an
    /// attribute's value, a block's header (the first of several).
    pub(crate) fn places(&self) -> HashMap<String, Range> {
        fn walk(entries: &[Entry], prefix: &str, out: &mut HashMap<String, Range>) {
            for entry in entries {
                let path = if prefix.is_empty() {
                    entry.key.clone()
                } else {
                    format!("{prefix}.{}", entry.key)
                };
                match &entry.node {
                    Node::Attribute { expr, .. } => {
                        out.insert(path, expr.range());
                    }
                    Node::Block(body) => {
                        out.insert(path.clone(), body.missing.clone());
                        walk(&body.entries, &path, out);
                    }
                    Node::Labels(level) => {
                        out.insert(path.clone(), entry.key_range.clone());
                        walk(&level.entries, &path, out);
                    }
                    Node::Blocks(all) => {
                        if let Some(first) = all.first() {
                            out.insert(path, first.missing.clone());
                        }
                    }
                }
            }
        }
        let mut out = HashMap::new();
        walk(&self.entries, "", &mut out);
        out
    }
}
