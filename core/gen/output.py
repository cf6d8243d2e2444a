"""What every emitter shares: writing a generated file, and laying out comments and code."""

import os
import textwrap

# The repository's line width.
WIDTH = 100

# The line that opens every generated file, after its comment marker.
GENERATED = 'Generated from core/routines.py by core/gen/generate.py at build time: edit those.'


def write(outdir, relpath, text):
    """Writes outdir/relpath, creating its directory, unless it already holds exactly `text`: a
    file left untouched keeps its time stamp, and what includes or compiles it is not rebuilt."""
    path = os.path.join(outdir, relpath)
    try:
        with open(path, encoding='utf-8') as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # Written under another name and renamed, so that an interrupted run leaves no half file
    # that a later build would take for current.
    with open(path + '.tmp', 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(path + '.tmp', path)


def fill(text, first, rest, width=WIDTH):
    """Lines of `text` filled to `width`, the first line starting with `first`, the others with
    `rest`. A '\\n' in text starts a new line; a line of text that starts with a space is kept as
    written (after `rest`)."""
    lines = []
    for i, piece in enumerate(text.split('\n')):
        prefix = first if i == 0 else rest
        if piece.startswith(' '):
            lines.append((prefix + piece).rstrip())
            continue
        # Words are never split ('m-by-n', 'sub-diagonal' stay whole), whatever their length.
        # A product's ' * ' is bound to the word before it: a comment line that began with
        # '* x_i' would read as the comment's own margin.
        glued = piece.replace(' * ', _GLUE + '* ')
        lines += [line.replace(_GLUE, ' ') for line in
                  textwrap.wrap(glued, width, initial_indent=prefix, subsequent_indent=rest,
                                break_long_words=False, break_on_hyphens=False)] or [prefix.rstrip()]
    return lines


# A character that no text holds and textwrap does not break at, standing for a space.
_GLUE = '\x1f'


def wrap_list(head, items, tail, indent=None, width=WIDTH):
    """head + items separated by ', ' + tail, broken before an item that would pass `width`, the
    lines after the first indented to the end of head (or by `indent` spaces): a C parameter or
    argument list."""
    pad = ' ' * (len(head) if indent is None else indent)
    lines, line, fresh = [], head, True
    for i, item in enumerate(items):
        piece = item + (',' if i + 1 < len(items) else tail)
        if not fresh and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line, fresh = pad + piece, False
            continue
        line += piece if fresh else ' ' + piece
        fresh = False
    if not items:
        line += tail
    lines.append(line)
    return lines
