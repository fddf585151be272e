"""SGF (FF[4]) for the board's Go (GM[1]) and Hex (GM[11]) games: written from
a record, read back into the board's notation (docs/makers/records.md).

Go: points as SGF letters (`aa` the top-left corner, `B[]` a pass). The swap
changes no colour on a Go board (Black's stone stays, seat 1 takes it), so it
is no move in SGF: the node after it says so in its comment, starting with
SWAP_NOTE, and PB/PW name who held each colour. The dead stones marked at the
end are marked with MA on the last node, and each side's area (TB/TW: the
empty points it counted, the other side's dead stones among them) is there too.

Hex: cells as the board names them (`c3`, SGF's Hex points). SGF writes the
swap as `W[swap-pieces]`: the first stone is mirrored across the long diagonal
and changes colour, so the players keep their colours. The board's swap keeps
the stone where it is and changes the players' colours instead; the two are
the same game seen in a mirror, so every move after the swap is written
mirrored (`c2` as `b3`), and seat 0 is Black throughout the file.
"""
from tools.link import firmware_path  # noqa: F401  (firmware/ on sys.path)
from games.common import FILES

APP = "games-board:1"
SWAP_NOTE = "swap:"
GO_SIZE = 7


class SgfError(ValueError):
    pass


def escape(text):
    return text.replace("\\", "\\\\").replace("]", "\\]")


def go_point(name, size=GO_SIZE):
    """'d4' -> 'dd' (SGF counts rows from the top)."""
    x = FILES.index(name[0])
    y = int(name[1:]) - 1
    return FILES[x] + FILES[size - 1 - y]


def go_name(point, size=GO_SIZE):
    """'dd' -> 'd4'; SgfError for a point off the board."""
    if len(point) != 2 or point[0] not in FILES[:size] or point[1] not in FILES[:size]:
        raise SgfError("%r is not a point of a %dx%d board" % (point, size, size))
    return point[0] + str(size - FILES.index(point[1]))


def hex_mirror(name):
    """A Hex cell mirrored across the long diagonal: 'c2' <-> 'b3'."""
    x = FILES.index(name[0])
    y = int(name[1:]) - 1
    return FILES[y] + str(x + 1)


def _props(pairs):
    out = []
    for key, values in pairs:
        if isinstance(values, str):
            values = [values]
        if values:
            out.append(key + "".join("[%s]" % escape(v) for v in values))
    return "".join(out)


def _wrap(nodes):
    """Nodes joined, lines kept short for a person opening the file."""
    lines, cur = [], "("
    for n in nodes:
        if len(cur) + len(n) > 76:
            lines.append(cur)
            cur = ""
        cur += n
    lines.append(cur + ")")
    return "\n".join(lines) + "\n"


def go(moves, root, dead=(), black_area=(), white_area=(), swap_comment=""):
    """A Go game's SGF text. `moves` in the board's notation, `root` a list of
    (property, value) for the first node, `dead` the points marked dead,
    black_area/white_area the points each side's count took (territory and
    the other side's dead stones)."""
    nodes = [";" + _props([("FF", "4"), ("GM", "1"), ("CA", "UTF-8"), ("AP", APP),
                           ("SZ", str(GO_SIZE))] + list(root))]
    colour = "B"
    note = ""
    for m in moves:
        if m == "swap":
            note = swap_comment or SWAP_NOTE
            continue
        point = "" if m == "pass" else go_point(m)
        props = [(colour, point)]
        if note:
            props.append(("C", note))
            note = ""
        nodes.append(";" + _props(props))
        colour = "W" if colour == "B" else "B"
    end = [("TB", [go_point(p) for p in black_area]), ("TW", [go_point(p) for p in white_area]),
           ("MA", [go_point(p) for p in dead])]
    if note:     # a swap was the last move played
        end.append(("C", note))
    if dead:
        end.append(("C", "Dead stones marked at the end: " + " ".join(dead)))
    if end[0][1] or end[1][1] or len(end) > 3:
        if len(nodes) > 1:
            nodes[-1] += _props(end)
        else:
            nodes.append(";" + _props(end))
    return _wrap(nodes)


def hex(moves, size, root):
    """A Hex game's SGF text (see the module's note on the swap)."""
    nodes = [";" + _props([("FF", "4"), ("GM", "11"), ("CA", "UTF-8"), ("AP", APP),
                           ("SZ", str(size))] + list(root))]
    colour, mirrored = "B", False
    for m in moves:
        if m == "swap":
            point, mirrored = "swap-pieces", True
        else:
            point = hex_mirror(m) if mirrored else m
        nodes.append(";" + _props([(colour, point)]))
        colour = "W" if colour == "B" else "B"
    return _wrap(nodes)


# --- reading ---------------------------------------------------------------

def parse(text):
    """The main line of an SGF file: a list of nodes, each {property: [values]}.
    Variations after the first are skipped. SgfError when it is no SGF."""
    i = text.find("(")
    if i < 0 or text.find(";", i) < 0:
        raise SgfError("not an SGF file: no '(;' in it")
    nodes, depth, n = [], 0, len(text)
    taken = False          # the first variation of the current level is read
    while i < n:
        ch = text[i]
        if ch == "(":
            depth += 1
            if taken and depth > 1:
                i = _skip_tree(text, i)
                depth -= 1
                continue
            i += 1
        elif ch == ")":
            depth -= 1
            taken = True
            i += 1
            if depth <= 0:
                break
        elif ch == ";":
            node = {}
            nodes.append(node)
            i += 1
            while True:
                while i < n and text[i].isspace():
                    i += 1
                j = i
                while i < n and text[i].isalpha():
                    i += 1
                key = text[j:i].upper()
                if not key:
                    break
                values = []
                while True:
                    while i < n and text[i].isspace():
                        i += 1
                    if i >= n or text[i] != "[":
                        break
                    v, i = _value(text, i + 1)
                    values.append(v)
                if not values:
                    raise SgfError("property %s has no value" % key)
                node.setdefault(key, []).extend(values)
        elif ch.isspace():
            i += 1
        else:
            raise SgfError("unexpected %r at character %d" % (ch, i))
    if not nodes:
        raise SgfError("not an SGF file: no node")
    return nodes


def _value(text, i):
    out = []
    while i < len(text):
        ch = text[i]
        if ch == "\\" and i + 1 < len(text):
            out.append(text[i + 1])
            i += 2
        elif ch == "]":
            return "".join(out), i + 1
        else:
            out.append(ch)
            i += 1
    raise SgfError("a property value is not closed with ']'")


def _skip_tree(text, i):
    depth, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch == "[":
            _, i = _value(text, i + 1)
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise SgfError("a variation is not closed with ')'")


def read_game(text):
    """(game id, options, moves in the board's notation, colours, dead points)
    of an SGF file of Go 7x7 or Hex. colours[k] is 'B' or 'W' for moves[k]
    (None for the swap). SgfError for anything the board cannot play: another
    game or size, setup stones, a swap in Go that SGF cannot say."""
    nodes = parse(text)
    root = nodes[0]
    gm = root.get("GM", ["1"])[0].strip()
    size_text = root.get("SZ", ["19" if gm == "1" else "11"])[0].strip()
    try:
        size = int(size_text.split(":")[0])
    except ValueError:
        raise SgfError("SZ[%s] is not a board size" % size_text)
    for n in nodes:
        for k in ("AB", "AW", "AE"):
            if k in n:
                raise SgfError("setup stones (%s) are not moves the board can replay" % k)
    if gm == "1":
        return _read_go(nodes, size)
    if gm == "11":
        return _read_hex(nodes, size)
    raise SgfError("GM[%s] is neither Go (1) nor Hex (11)" % gm)


def _moves(nodes):
    for n in nodes:
        for colour in ("B", "W"):
            if colour in n:
                yield n, colour, n[colour][0].strip()


def _read_go(nodes, size):
    if size != GO_SIZE:
        raise SgfError("the board plays Go on 7x7, not %dx%d" % (size, size))
    moves, colours = [], []
    for n, colour, v in _moves(nodes):
        if any(c.startswith(SWAP_NOTE) for c in n.get("C", [])):
            moves.append("swap")
            colours.append(None)
        moves.append("pass" if v in ("", "tt") else go_name(v.lower(), size))
        colours.append(colour)
    last = nodes[-1]
    if not moves and any(c.startswith(SWAP_NOTE) for c in last.get("C", [])):
        moves.append("swap")
        colours.append(None)
    dead = set()
    if "TB" in last or "TW" in last or "MA" in last:
        stones = _go_final(moves)
        for key, other in (("TB", "W"), ("TW", "B"), ("MA", "BW")):
            for p in last.get(key, []):
                name = go_name(p.lower(), size)
                if stones.get(name) and stones[name] in other:
                    dead.add(name)
    return "go", {}, moves, colours, sorted(dead)


def _go_final(moves):
    """{point: 'B'/'W'} after the moves, by the firmware's rules."""
    import games
    g = games.load("go").Game()
    for m in moves:
        g.play_text(m)
    out = {}
    for c, v in enumerate(g.board):
        if v:
            out[FILES[c % GO_SIZE] + str(c // GO_SIZE + 1)] = "B" if v == 1 else "W"
    return out


def _read_hex(nodes, size):
    moves, colours, mirrored = [], [], False
    for n, colour, v in _moves(nodes):
        low = v.lower()
        if low in ("swap-pieces", "swap"):
            moves.append("swap")
            colours.append(None)
            mirrored = True
            continue
        if low in ("resign", "forfeit", "pass", "swap-sides"):
            raise SgfError("%s[%s]: the board's Hex has no such move" % (colour, v))
        moves.append(hex_mirror(low) if mirrored else low)
        colours.append(colour)
    return "hex", {"size": size}, moves, colours, []
