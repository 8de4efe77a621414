"""What a 390-pixel-wide phone would cut off or overflow, estimated from the control tree in-process.

The in-process harness has no Flutter to lay out the screen, so this reproduces the few layout rules that
decide whether a label fits, with text measured by an average glyph width (Roboto's mixed-case text runs at
about 0.52 em per character, accented capitals included):

- a Row that is not `wrap` nor scrolling gives its children without `expand` their natural (one-line)
  width: when those with the gaps exceed the width it has, Flutter overflows it;
- a SegmentedButton shares its width equally among its segments: a label wraps inside its segment, and
  only a word longer than the segment is cut;
- an app bar title, a tab, or a Text with `max_lines=1`/`no_wrap` shows one line and cuts the rest off;
- a Dropdown shows its choice on one line between its icons; a ResponsiveRow gives each child its share
  of the twelve columns below the first breakpoint (`col`'s "xs");
- everything else (a Column, a Container, a Text free to wrap, a button given a width) wraps within
  the width it is given, minus paddings; a single word wider than that is broken inside the word.

Only what can differ between languages is reported: a label whose text is translated (the pseudo-language
marks it with [ ]); names and numbers are the players' and cut the same in every language. The estimate
errs on the wide side, so a label reported here is too long on a real phone or very close to it.
"""

from __future__ import annotations

from typing import Any

import flet as ft

__all__ = ["layout_problems", "text_width"]

_EM = 0.52
_BUTTONS = (ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.FilledTonalButton, ft.Button)


def text_width(text: str, size: float | None = None, bold: bool = False) -> float:
    size = size or 14
    # The pseudo-language's [ ] mark what was translated; they are not part of any language's words.
    text = str(text).replace("[", "").replace("]", "")
    longest = max((len(line) for line in text.split("\n")), default=0)
    return longest * size * _EM * (1.06 if bold else 1.0)


def _pseudo_marked(text: Any) -> bool:
    # A label of a letter or two (a form letter, "W") is as short in every language; the pseudo-language's
    # brackets alone would make it look too wide.
    return isinstance(text, str) and "[" in text and sum(c.isalpha() for c in text) > 2



def _pad(value: Any) -> float:
    """Horizontal padding (left + right) of a padding/margin value."""
    if value is None:
        return 0
    if isinstance(value, (int, float)):
        return 2 * value
    return (getattr(value, "left", 0) or 0) + (getattr(value, "right", 0) or 0)


def _label_of(control: Any) -> tuple[str, float, bool]:
    """A button's or chip's text, size and weight."""
    content = getattr(control, "content", None)
    if isinstance(content, str):
        return content, 14, True
    if isinstance(content, ft.Text):
        return content.value or "", content.size or 14, True
    label = getattr(control, "label", None)
    if isinstance(label, str):
        return label, 14, True
    if isinstance(label, ft.Text):
        return label.value or "", label.size or 14, True
    return "", 14, False


def _children(control: Any) -> list[Any]:
    out: list[Any] = []
    for name in ("controls", "content", "title", "leading", "trailing", "subtitle", "actions", "label"):
        value = getattr(control, name, None)
        if isinstance(value, ft.BaseControl):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            out.extend(v for v in value if isinstance(v, ft.BaseControl))
    return out


def natural(control: Any) -> float:
    """The width `control` takes on one line when nothing limits it."""
    control = _component(control)
    if control is None or not getattr(control, "visible", True):
        return 0
    if isinstance(control, ft.Text):
        bold = control.weight in (ft.FontWeight.BOLD, ft.FontWeight.W_600, ft.FontWeight.W_700,
                                  ft.FontWeight.W_800, ft.FontWeight.W_900)
        return text_width(control.value or "", control.size, bold)
    if isinstance(control, ft.Icon):
        return control.size or 24
    if isinstance(control, ft.IconButton):
        return 48
    if isinstance(control, _BUTTONS):
        text, size, bold = _label_of(control)
        icon = 26 if getattr(control, "icon", None) else 0
        return text_width(text, size, bold) + 48 + icon
    if isinstance(control, ft.SegmentedButton):
        widths = [text_width(_label_of(s)[0], 14, True) + 24 + (26 if s.icon else 0) for s in control.segments]
        return max(widths, default=0) * len(widths)
    if isinstance(control, (ft.Checkbox, ft.Switch, ft.Radio)):
        label = control.label if isinstance(control.label, str) else ""
        return 48 + text_width(label)
    if isinstance(control, (ft.TextField, ft.Dropdown)):
        return control.width or 0
    if isinstance(control, ft.Container):
        if control.width is not None:
            return control.width
        return natural(control.content) + _pad(control.padding) + _pad(control.margin)
    if isinstance(control, ft.Row):
        kids = [c for c in (_component(k) for k in control.controls) if c is not None and getattr(c, "visible", True)]
        if control.wrap:
            return max((natural(k) for k in kids), default=0)
        spacing = 10 if control.spacing is None else control.spacing
        return sum(natural(k) for k in kids) + spacing * max(len(kids) - 1, 0)
    kids = _children(control)
    return max((natural(k) for k in kids), default=0)


def _component(control: Any) -> Any:
    if control is None:
        return None
    if isinstance(control, ft.BaseControl) and type(control).__name__ != "Component":
        return control
    # A component renders to its first control (Flet keeps what it returned in `_b`).
    rendered = getattr(control, "_b", None)
    if isinstance(rendered, (list, tuple)):
        rendered = rendered[0] if rendered else None
    return _component(rendered) if rendered is not None else None


def _flex(control: Any) -> bool:
    control = _component(control)
    return bool(getattr(control, "expand", None)) or isinstance(control, (ft.TextField, ft.Dropdown)) \
        and not getattr(control, "width", None)


def _lines(text: str, size: float | None, bold: bool, room: float) -> int:
    """How many lines `text` wraps into at `room` pixels, breaking between words as they come."""
    count = 0
    for paragraph in text.split("\n"):
        count += 1
        line = ""
        for word in paragraph.split():
            longer = f"{line} {word}" if line else word
            if line and text_width(longer, size, bold) > room + 1:
                count += 1
                line = word
            else:
                line = longer
    return count


def _factor(control: Any) -> int:
    """A flexible child's share of a Row's room: its `expand` (True counts 1, as does a field without one)."""
    expand = getattr(_component(control), "expand", None)
    return expand if isinstance(expand, int) and not isinstance(expand, bool) and expand > 0 else 1


def _where(control: Any) -> str:
    key = getattr(control, "key", None)
    key = getattr(key, "value", key)
    return f"{type(control).__name__}" + (f"[{key}]" if key else "")


def layout_problems(view: ft.View, width: float = 390, *, every_label: bool = False) -> list[str]:
    """Labels of `view` that a `width`-pixel screen would overflow or cut off (see the module's notes).
    Only translated ones (in the pseudo-language's [ ]) unless `every_label`: in a real language the words
    cannot be told from names, and every label counts."""
    found: list[str] = []
    translated = _any_label if every_label else _pseudo_marked

    def check(control: Any, room: float, path: str) -> None:
        control = _component(control)
        if control is None or not getattr(control, "visible", True):
            return
        here = f"{path}/{_where(control)}"
        if isinstance(control, ft.Row) and not control.wrap and not control.scroll:
            kids = [c for c in (_component(k) for k in control.controls)
                    if c is not None and getattr(c, "visible", True)]
            spacing = 10 if control.spacing is None else control.spacing
            fixed = [k for k in kids if not _flex(k)]
            # A Text to be cut with "…" gets an unbounded width in a Row unless it is flexible: a long name then
            # runs over what follows it instead of being cut, whatever the language.
            for k in fixed:
                if isinstance(k, ft.Text) and k.overflow == ft.TextOverflow.ELLIPSIS and k.width is None:
                    found.append(f"{here}/{_where(k)}: cut with an ellipsis but not flexible in its Row, so a long "
                                 f"text overflows: {k.value!r}")
            need = sum(natural(k) for k in fixed) + spacing * max(len(kids) - 1, 0)
            if need > room + 1 and any(translated(t) for k in fixed for t in _texts(k)):
                words = [t for k in fixed for t in _texts(k)]
                found.append(f"{here}: needs {need:.0f} px of {room:.0f}: {words}")
            # What the fixed children leave is shared by the flexible ones in proportion to their `expand`.
            flexible = [k for k in kids if _flex(k)]
            shares = sum(_factor(k) for k in flexible) or 1
            left = max(room - need, 0)
            for k in kids:
                check(k, left * _factor(k) / shares if k in flexible else min(natural(k), room), here)
            return
        if isinstance(control, ft.Row):
            for k in control.controls:
                check(k, room, here)
            return
        if isinstance(control, ft.SegmentedButton):
            share = room / max(len(control.segments), 1) - 24
            for segment in control.segments:
                label = _label_of(segment)[0]
                word = max(label.split(), key=len, default="")
                if translated(label) and text_width(word, 14, True) > share + 1:
                    found.append(f"{here}: the word {word!r} needs {text_width(word, 14, True):.0f} px of a "
                                 f"{share:.0f} px segment")
            return
        if isinstance(control, ft.Text):
            one_line = control.no_wrap or control.max_lines == 1
            if one_line and translated(control.value) and natural(control) > room + 1:
                found.append(f"{here}: one line of {natural(control):.0f} px cut to {room:.0f}: {control.value!r}")
            elif not one_line and translated(control.value):
                # Wrapping breaks between words; a word wider than the room is broken inside ("Bonuspunkt/e").
                bold = control.weight in (ft.FontWeight.BOLD, ft.FontWeight.W_600, ft.FontWeight.W_700)
                word = max(str(control.value or "").split(), key=len, default="")
                if text_width(word, control.size, bold) > room + 1:
                    found.append(f"{here}: the word {word!r} ({text_width(word, control.size, bold):.0f} px) is "
                                 f"wider than its {room:.0f} px")
                elif control.max_lines and _lines(str(control.value or ""), control.size, bold, room) > control.max_lines:
                    found.append(f"{here}: {_lines(str(control.value or ''), control.size, bold, room)} lines of "
                                 f"{room:.0f} px cut to {control.max_lines}: {control.value!r}")
            return
        if isinstance(control, ft.Container):
            # A width is a wish: the parent's constraint wins (a 360 px box in a dialog gets the dialog's width).
            inner = (min(control.width, room) if control.width is not None else room) - _pad(control.padding) \
                - _pad(control.margin) - 2 * _border(control)
            check(control.content, inner, here)
            return
        if isinstance(control, ft.ResponsiveRow):
            # A phone is below the first breakpoint (576): each child gets its "xs" share of the twelve
            # columns (all of them when it says nothing).
            for k in control.controls:
                check(k, room * _phone_columns(k) / 12, here)
            return
        if isinstance(control, ft.Dropdown):
            # The chosen option shows on one line between the leading icon and the arrow; the rest is cut.
            shown = next((o.text or o.key for o in control.options or [] if o.key == control.value), None)
            inner = (control.width or room) - (48 if control.leading_icon else 12) - 48
            if isinstance(shown, str) and translated(shown) and text_width(shown) > inner + 1:
                found.append(f"{here}: the choice {shown!r} needs {text_width(shown):.0f} px of {inner:.0f}")
            return
        if isinstance(control, _BUTTONS):
            # A button given a width wraps its label; one in a Row was given its natural width above.
            return
        for k in _children(control):
            check(k, room, here)

    appbar = view.appbar
    if appbar is not None and isinstance(appbar.title, ft.Text) and translated(appbar.title.value):
        # The size Material gives a title (22) unless the screen set one; a second line when allowed.
        title = appbar.title
        room = (width - 56 - 16 - 48 * len(appbar.actions or [])) * (0.85 * (title.max_lines or 1) if
                                                                      (title.max_lines or 1) > 1 else 1)
        if text_width(title.value, title.size or 22, True) > room + 1:
            found.append(f"app bar title of {text_width(title.value, title.size or 22, True):.0f} px cut to "
                         f"{room:.0f}: {title.value!r}")
    for control in view.controls or []:
        check(control, width, view.route or "/")
    return found


def dialog_problems(dialog: Any, width: float = 390, *, every_label: bool = False) -> list[str]:
    """The same for an open dialog (Material dialogs keep 40 px from each side and pad 24 inside)."""
    view = ft.View(route="dialog", controls=[c for c in (dialog.title, dialog.content) if c is not None]
                   + ([ft.Row(list(dialog.actions), wrap=False)] if dialog.actions else []))
    return layout_problems(view, width - 80 - 48, every_label=every_label)


def _phone_columns(control: Any) -> float:
    col = getattr(_component(control), "col", None)
    if isinstance(col, dict):
        col = col.get("xs", 12)
    return col if isinstance(col, (int, float)) and 0 < col <= 12 else 12


def _border(control: Any) -> float:
    border = getattr(control, "border", None)
    side = getattr(border, "left", None)
    return getattr(side, "width", 0) or 0


def _texts(control: Any) -> list[str]:
    control = _component(control)
    out: list[str] = []
    if control is None:
        return out
    if isinstance(control, ft.Text):
        return [control.value or ""]
    text, _size, _bold = _label_of(control) if isinstance(control, (*_BUTTONS, ft.Chip)) else ("", 0, False)
    if text:
        out.append(text)
    for k in _children(control):
        out.extend(_texts(k))
    return out


def _any_label(text: Any) -> bool:
    return isinstance(text, str) and bool(text)
