"""A small PGN reader shared by the export oracles: games as tags and a move tree, the
moves kept as the SAN text written (no board: each oracle replays them with its own
move generator). Standard library only.

A node is a dict {"san": str, "comment": str, "children": [node, ...]}; the first child
is the main line, the others are variations, as in the PGN.
"""
import re

TOKEN = re.compile(
    r"""\[(?P<tag>\w+)\s+"(?P<val>(?:[^"\\]|\\.)*)"\]   # a tag pair
      | \{(?P<comment>[^}]*)\}                           # a comment
      | (?P<open>\()|(?P<close>\))                       # a variation
      | (?P<result>1-0|0-1|1/2-1/2|\*)                   # the result
      | (?P<number>\d+\.(?:\.\.)?)                       # a move number
      | (?P<nag>\$\d+)
      | (?P<san>[^\s(){}\[\]]+)                          # a move
    """,
    re.VERBOSE,
)


def node(san):
    return {"san": san, "comment": "", "children": []}


def read_games(text):
    """Every game of a PGN text: (tags dict, root node)."""
    games, tags, root = [], None, None
    stack = []  # (parent of the line, last node of the line)
    for m in TOKEN.finditer(text):
        if m.group("tag"):
            if root is not None and stack and len(stack) == 1 and root["children"]:
                games.append((tags, root))
                root = None
            if root is None:
                tags, root = {}, node("")
                stack = [(None, root)]
            tags[m.group("tag")] = re.sub(r"\\(.)", r"\1", m.group("val"))
        elif m.group("comment") is not None:
            last = stack[-1][1]
            text = " ".join(m.group("comment").split())
            last["comment"] = (last["comment"] + " " + text).strip()
        elif m.group("open"):
            parent, last = stack[-1]
            # A variation replaces the last move: it hangs from that move's parent.
            stack.append((parent, parent))
            stack[-1] = (parent, _VariationStart(parent))
        elif m.group("close"):
            stack.pop()
        elif m.group("result"):
            games.append((tags, root))
            tags, root, stack = None, None, []
        elif m.group("san"):
            parent, last = stack[-1]
            base = last.parent if isinstance(last, _VariationStart) else last
            n = node(m.group("san"))
            base["children"].append(n)
            n["_parent"] = base
            stack[-1] = (base, n)
    return games


class _VariationStart:
    """Marks the start of a variation: its first move hangs from `parent`."""

    def __init__(self, parent):
        self.parent = parent
        self.comment = ""

    def __getitem__(self, k):
        return self.comment if k == "comment" else None

    def __setitem__(self, k, v):
        self.comment = v


def outcome(comment):
    """The outcome a line's last comment states (`outcome: mate`), or None."""
    m = re.search(r"outcome: (mate|bare king|stalemate win|stalemate loss|draw \([a-z ]+\)|open)", comment)
    return m.group(1) if m else None


def lines(root):
    """Every line from the start to a leaf: a list of nodes (root excluded)."""
    out = []

    def walk(n, path):
        if not n["children"]:
            out.append(path)
        for c in n["children"]:
            walk(c, path + [c])

    walk(root, [])
    return out
