"""Set and tractor widths as the language writes them ("pair", "triples", "set of 5"), and lead
keys in canonical words.

Beside the compiler rather than in it: the compiler reads widths with these, and ``resolve``
(which the compiler builds on) needs ``describe_lead`` to tell whether two follow lists are for the
same lead, however each was spelt.
"""

from __future__ import annotations

from .. import rules as model
from ..rules import width_name
from .syntax import Leaf, Node, as_node, leaf_int

#: the width a singular set word names
SET_WIDTHS = {"single": 1, "pair": 2, "triple": 3, "quad": 4}
#: the width a plural set word names
PLURAL_WIDTHS = {"pairs": 2, "triples": 3, "quads": 4}


def set_width_of(node: Node) -> int:
    """The width of a singular set word, unchecked: "pair" → 2, "set of 5" → 5."""
    if node.kind == "set_of":
        return leaf_int(node.args[0])
    return SET_WIDTHS[node.kind]


def plural_width_of(node: Node) -> int:
    """The width of a plural set word, unchecked: "pairs" → 2, "sets of 5" → 5."""
    if node.kind == "sets_of":
        return leaf_int(node.args[0])
    return PLURAL_WIDTHS[node.kind]


def describe_lead(node: Node | Leaf) -> str:
    """A follow list's lead in canonical words: "pair", "tractor of n pairs"."""
    node = as_node(node)
    if node.kind == "lead_set":
        return width_name(set_width_of(as_node(node.args[0])))
    if node.kind == "lead_rainbow":
        length_node = as_node(node.args[0])
        return f"rainbow of {'n' if length_node.kind == 'any_length' else leaf_int(length_node.args[0])} cards"
    if node.kind == "lead_straight":
        length_node = as_node(node.args[0])
        return f"straight of {'n' if length_node.kind == 'any_length' else leaf_int(length_node.args[0])} cards"
    length_node, plural = map(as_node, node.args)
    length = "n" if length_node.kind == "any_length" else str(leaf_int(length_node.args[0]))
    return f"tractor of {length} {width_name(plural_width_of(plural), plural=True)}"


def lead_shape_label(shape: model.LeadShape) -> str:
    return shape.label


def unit_words(width: int, length: int) -> str:
    """A set or a tractor with its article: "a pair", "a tractor of 3 pairs"."""
    if length == 1:
        return "a " + width_name(width)
    if width == 1:
        return f"a straight of {length} cards"
    return f"a tractor of {length} {width_name(width, plural=True)}"
