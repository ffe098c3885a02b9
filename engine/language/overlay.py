"""``extends``: a ruleset file names its parent and changes only what differs.

Merge rules (the reference is ``docs/rulesets/reference.md``, "Merge rules"):

* mappings merge key by key, recursively;
* a list whose items are all mappings with an ``id`` merges by id: an overlay
  item whose id already exists is merged into the inherited item (``$replace:
  true`` replaces it whole, ``$remove: true`` removes it), a new id is appended
  (or placed with ``$before: ID`` / ``$after: ID``);
* any other value (scalars, lists of scalars) replaces the inherited one;
* a mapping with ``$replace: true`` replaces the inherited mapping whole;
* an option reference (``{option: NAME}``) is a single value: a mapping written
  over one, or one written over a mapping, replaces it whole;
* ``extends``, ``id`` and ``abstract`` are never inherited.

Every merged node keeps the position of the file that wrote it, so a problem
inherited from a parent is reported in the parent's file.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine.base.errors import Diagnostic, RulesetError, display_path
from engine.base.i18n import _
from engine.base.suggestions import did_you_mean, listed
from engine.language.catalog import BlockCatalog
from engine.language.legacy import upgrade
from engine.language.ruleset_files import cached_yaml, find_ruleset_path, ruleset_names
from engine.language.yaml_loader import Node, Position, json_path_child

MAX_CHAIN = 16
NOT_INHERITED = ("extends", "id", "abstract")
DIRECTIVES = ("$replace", "$remove", "$before", "$after")


@dataclass(frozen=True)
class LoadedFile:
    """One file of a chain: its path (as reported) and its own, unmerged tree."""

    path: Path
    shown_name: str
    tree: Node


@dataclass(frozen=True)
class MergedRuleset:
    """A resolved chain: the merged tree, the files it came from (child first), and the catalog it is read with."""

    tree: Node
    chain: tuple[LoadedFile, ...]
    catalog: BlockCatalog

    @property
    def source(self) -> LoadedFile:
        """The file that was asked for (the last of the chain to be applied)."""
        return self.chain[0]


def is_path_reference(reference: str) -> bool:
    """True when a ruleset reference written in a file is a path (relative to that file), not a name."""
    return reference.endswith((".yaml", ".yml")) or reference.startswith((".", "/", "~"))


def resolve_reference(reference: str, referrer: Path, referrer_shown: str) -> tuple[Path, str] | None:
    """The file a ruleset reference written in ``referrer`` names, and how to show it; None if none.

    A path is taken relative to the referring file (``extends: base.yaml``, a
    table's or a log's ``ruleset: house.yaml``) and shown from the same base as
    the referring file; anything else is a ruleset name (``game/edition``).
    """
    if is_path_reference(reference):
        candidate = referrer.parent / os.path.expanduser(reference)
        if not os.path.isfile(candidate):
            # A referring file reached through a symbolic link (a log resumed through a link in another
            # folder) was written where it really lies: its path is relative to there.
            real = Path(os.path.realpath(referrer)).parent / os.path.expanduser(reference)
            if os.path.islink(referrer) and os.path.isfile(real):
                return real, display_path(real)
            return None
        shown = display_path(reference, referrer=referrer_shown)
        # Open the file by its shown name when that is the same file (it is unless a
        # symbolic link precedes a ".."), so whoever reports it later names it the same way.
        as_shown = Path(os.path.expanduser(shown))
        same = os.path.isfile(as_shown) and os.path.samefile(as_shown, candidate)
        return (as_shown if same else candidate), shown

    found = find_ruleset_path(reference)
    return (found, display_path(found)) if found is not None else None


def reference_target(reference: str, referrer: Path, referrer_shown: str) -> str | Path:
    """What to load for a ruleset reference written in a file (a table's or a log's ``ruleset``).

    A ruleset name stays a name; a path is the file relative to ``referrer``,
    and one that does not exist is still named from the referrer's base, so
    the "no such file" diagnostic shows where it was looked for.
    """
    if not is_path_reference(reference):
        return reference
    found = resolve_reference(reference, referrer, referrer_shown)
    return found[0] if found is not None else Path(display_path(reference, referrer=referrer_shown))


def _load_cached(path: Path, shown_name: str, catalog: BlockCatalog) -> Node:

    return upgrade(cached_yaml(path, shown_name), catalog)


def load_chain(
    path: Path,
    shown_name: str | None = None,
    merge_problems: list[Diagnostic] | None = None,
    *,
    catalog: BlockCatalog,
) -> MergedRuleset:
    """Load ``path`` and every file it extends, and merge them (parents first), to be read with ``catalog``.

    With ``merge_problems`` a directive that cannot apply is told there and
    skipped (see :func:`merge_chain`) instead of raising.
    """
    chain: list[LoadedFile] = []
    seen: list[Path] = []
    current = path
    current_name = shown_name or display_path(path)
    while True:
        resolved = current.resolve()
        if resolved in seen:
            names = " -> ".join([*(f.shown_name for f in chain), current_name])
            extends_node = chain[-1].tree.get("extends")
            where = extends_node.position if extends_node else Position(chain[-1].shown_name, 1, 1)
            # TRANSLATORS: an error in a ruleset file: files that extend each other in a loop; keep `extends` (a ruleset
            # key); {chain} lists the files, e.g. "a.yaml -> b.yaml -> a.yaml".
            raise RulesetError(
                [Diagnostic(where.location("$.extends"), _("`extends` makes a cycle: {chain}", chain=names))]
            )
        if len(chain) >= MAX_CHAIN:
            extends_node = chain[-1].tree.get("extends")  # every file of a chain but its root extends one
            written_at = extends_node.position if extends_node is not None else chain[-1].tree.position
            raise RulesetError(
                [
                    Diagnostic(
                        written_at.location("$.extends"),
                        # TRANSLATORS: an error in a ruleset file: too many files extend one another; keep `extends` (a
                        # ruleset key); {limit} is a number of files.
                        _("`extends` chain is longer than {limit} files", limit=MAX_CHAIN),
                    )
                ]
            )
        seen.append(resolved)
        tree = _load_cached(current, current_name, catalog)
        chain.append(LoadedFile(current, current_name, tree))
        extends_node = tree.get("extends")
        if extends_node is None:
            break
        if not isinstance(extends_node.value, str) or not extends_node.value.strip():
            raise RulesetError(
                [
                    Diagnostic(
                        extends_node.position.location("$.extends"),
                        # TRANSLATORS: an error in a ruleset file: `extends` is empty or not a text; keep `extends` (a
                        # ruleset key), "game/edition" (an example ruleset name) and .yaml.
                        _("`extends` must name a ruleset (such as game/edition) or a .yaml file"),
                    )
                ]
            )
        found = resolve_reference(extends_node.value, current, current_name)
        if found is None:
            raise RulesetError(
                [Diagnostic(extends_node.position.location("$.extends"), _unknown_parent(extends_node.value))]
            )
        current, current_name = found
    return merge_chain(chain, merge_problems, catalog=catalog)


def merge_chain(
    chain: list[LoadedFile] | tuple[LoadedFile, ...],
    merge_problems: list[Diagnostic] | None = None,
    *,
    catalog: BlockCatalog,
) -> MergedRuleset:
    """The files of a chain (child first) merged, parents first.

    A directive that cannot apply (``$remove`` or ``$before`` naming no item)
    raises RulesetError; with ``merge_problems``, it is told there instead
    and the merge goes on as if the directive were not written (nothing
    removed, the item placed last), so ``validate`` can check the rest of
    the files in the same run.
    """
    merged: Node | None = None
    problems: list[Diagnostic] = []
    for loaded in reversed(chain):
        own = loaded.tree
        if merged is None:
            merged = merge(Node({}, own.position), own, problems, "$")
        else:
            inherited = Node(
                {k: v for k, v in merged.value.items() if k not in NOT_INHERITED},
                merged.position,
                {k: v for k, v in merged.key_positions.items() if k not in NOT_INHERITED},
            )
            merged = merge(inherited, own, problems, "$")
    if problems:
        if merge_problems is None:
            raise RulesetError(problems)
        merge_problems.extend(problems)
    assert merged is not None
    return MergedRuleset(merged, tuple(chain), catalog)


def _unknown_parent(reference: str) -> str:
    """Why ``extends`` cannot be followed, with the rulesets it may name (and the nearest) when it names none."""
    if is_path_reference(reference):
        # TRANSLATORS: an error in a ruleset file: `extends` names a path that is no file; keep `extends` (a ruleset
        # key); {name} is the path as written, e.g. "../base.yaml".
        return _("`extends` names '{name}', which is neither a known ruleset nor a file", name=reference[:80])

    known = ruleset_names()
    # TRANSLATORS: {hint} is empty or " (did you mean 'x'?)"; {known} lists the ruleset names.
    return _(
        "`extends` names '{name}', which is neither a known ruleset nor a file{hint}; rulesets: {known}",
        name=reference[:80],
        hint=did_you_mean(reference, known),
        known=listed(known),
    )


def _flag(node: Node, key: str) -> bool:
    child = node.get(key)
    return child is not None and child.value is True


def _without_directives(node: Node) -> Node:
    if not node.is_mapping or not any(key in node.value for key in DIRECTIVES):
        return node
    return Node(
        {k: v for k, v in node.value.items() if k not in DIRECTIVES},
        node.position,
        {k: v for k, v in node.key_positions.items() if k not in DIRECTIVES},
        node.size,
    )


def _is_option_reference(node: Node) -> bool:
    return node.is_mapping and "option" in node.value and set(node.value) <= {"option", "map"}


def merge(inherited: Node, overlay: Node, problems: list[Diagnostic], path: str, own_path: str | None = None) -> Node:
    """``overlay`` applied onto ``inherited`` under the merge rules; problems are collected.

    ``path`` is where the result sits in the merged ruleset, ``own_path`` where
    ``overlay`` is written in its file (they differ inside lists that merge by
    id): a problem names the first and says the second, as every check does.
    """
    own_path = path if own_path is None else own_path
    if _is_option_reference(overlay):
        return overlay
    if (
        overlay.is_mapping
        and inherited.is_mapping
        and not _flag(overlay, "$replace")
        and not _is_option_reference(inherited)
    ):
        values = dict(inherited.value)
        key_positions = dict(inherited.key_positions)
        for key, child in overlay.value.items():
            if key in DIRECTIVES:
                continue
            child_path, child_own = json_path_child(path, key), json_path_child(own_path, key)
            if key in values:
                values[key] = merge(values[key], child, problems, child_path, child_own)
            else:
                values[key] = merge(Node(None, child.position), child, problems, child_path, child_own)
            key_positions[key] = overlay.key_positions.get(key, child.position)
        return Node(values, overlay.position, key_positions)
    if (
        overlay.is_sequence
        and _is_id_list(overlay)
        and (inherited.is_sequence and _is_id_list(inherited) or inherited.value is None)
    ):
        base = inherited.value if inherited.is_sequence else []
        return _merge_id_lists(base, overlay, problems, path, own_path)
    if overlay.is_mapping:
        # Nothing to merge into: still strip directives (recursively) from what is written.
        return (
            merge(Node({}, overlay.position), _without_directives(overlay), problems, path, own_path)
            if not _flag(overlay, "$replace")
            else _strip(overlay)
        )
    if overlay.is_sequence:
        return Node(
            [
                merge(Node(None, item.position), item, problems, f"{path}[{i}]", f"{own_path}[{i}]")
                for i, item in enumerate(overlay.value)
            ],
            overlay.position,
            size=overlay.size,
        )
    return overlay


def _strip(node: Node) -> Node:
    node = _without_directives(node)
    if node.is_mapping:
        return Node({k: _strip(v) for k, v in node.value.items()}, node.position, dict(node.key_positions))
    if node.is_sequence:
        return Node([_strip(v) for v in node.value], node.position)
    return node


def _is_id_list(node: Node) -> bool:
    items = node.value
    return bool(items) and all(
        item.is_mapping and isinstance(item.value.get("id", Node(None, item.position)).value, str) for item in items
    )


def _item_id(item: Node) -> str:
    item_id: str = item.value["id"].value  # an id list's items have string ids (_is_id_list)
    return item_id


def _merge_id_lists(base: list[Node], overlay: Node, problems: list[Diagnostic], path: str, own_path: str) -> Node:
    items: list[Node] = list(base)
    removed_here: set[str] = set()
    unplaced: list[tuple[Position, str, str, str | None]] = []  # (where, path in the file, id, problem)

    def told(where: Position, merged_path: str, written: str, message: str) -> None:
        """A problem of a directive, at the merged path (as every check names it) and the file's own."""
        if written != merged_path:
            message = said_in_this_file(message, written)
        problems.append(Diagnostic(where.location(merged_path), message))

    for position, item in enumerate(overlay.value):
        item_id = _item_id(item)
        written = f"{own_path}[{position}]"
        if _contradictory_directives(item, told, path, written):
            continue  # which of the two was meant cannot be told: the item is left as inherited
        index = next((i for i, existing in enumerate(items) if _item_id(existing) == item_id), None)
        if _flag(item, "$remove"):
            if index is None:
                if item_id not in removed_here:  # removed twice: the repeated id is the one mistake, told as such
                    known = [_item_id(existing) for existing in items]
                    told(
                        item.value["id"].position,
                        path,
                        f"{written}.id",
                        # TRANSLATORS: {known} lists the ids the inherited list has.
                        _(
                            "cannot remove '{id}': no inherited item has this id{hint}; ids: {known}",
                            id=item_id[:80],
                            hint=did_you_mean(item_id, known),
                            known=listed(known),
                        ),
                    )
            else:
                del items[index]
                removed_here.add(item_id)
            continue
        anchor = item.get("$before") if item.get("$before") is not None else item.get("$after")
        if anchor is not None and not isinstance(anchor.value, str):
            anchor = None  # not an id: the schema says so, at the value
        if anchor is not None and anchor.value == item_id:
            unplaced.append((anchor.position, written, item_id, None))
            anchor = None
        if index is not None:
            if _flag(item, "$replace"):
                items[index] = _strip(item)
            else:
                items[index] = merge(items[index], item, problems, f"{path}[{index}]", written)
            moved = items.pop(index) if anchor is not None else None
            if moved is None:
                continue
            new_item = moved
        else:
            new_item = merge(
                Node({}, item.position), _without_directives(item), problems, f"{path}[{len(items)}]", written
            )
        if anchor is None:
            items.append(new_item)
            continue
        offset = 0 if item.get("$before") is not None else 1
        target = next((i for i, existing in enumerate(items) if _item_id(existing) == anchor.value), None)
        if target is None:
            known = [_item_id(existing) for existing in items]
            unplaced.append(
                (
                    anchor.position,
                    written,
                    item_id,
                    # TRANSLATORS: an error in a ruleset overlay: $before or $after names an id no item has; {id},
                    # {anchor} and {known} are item ids; {hint} is empty or " (did you mean 'x'?)".
                    _(
                        "cannot place '{id}' next to '{anchor}': no item has that id{hint}; ids: {known}",
                        id=item_id[:80],
                        anchor=str(anchor.value)[:80],
                        hint=did_you_mean(str(anchor.value), known),
                        known=listed(known),
                    ),
                )
            )
            items.append(new_item)
        else:
            items.insert(target + offset, new_item)
    # An item that could not be placed is named where it ended up in the merged list, once every item is in.
    final_index = {_item_id(existing): number for number, existing in enumerate(items)}
    for where, written, item_id, message in unplaced:
        merged_path = f"{path}[{final_index[item_id]}]" if item_id in final_index else path
        told(
            where,
            merged_path,
            written,
            message
            or
            # TRANSLATORS: an overlay's list item says to place itself before or after itself.
            _("'{id}' cannot be placed next to itself: name another item", id=item_id[:80]),
        )
    return Node(items, overlay.position)


def said_in_this_file(message: str, file_path: str) -> str:
    """A problem named by its path in the merged ruleset, saying also where its own file writes it."""
    # TRANSLATORS: {path} is a JSON path such as $.cards[1]: where the problem is when this file is read alone.
    return _("{problem} (in this file: {path})", problem=message, path=file_path)


def _contradictory_directives(
    item: Node, told: Callable[[Position, str, str, str], None], path: str, written: str
) -> bool:
    """Whether ``item`` asks two things at once (``$before`` and ``$after``; ``$remove`` and placing or
    replacing it): told at the second directive, and neither applied."""
    given = [
        key
        for key in DIRECTIVES
        if key in item.value and (key != "$replace" and key != "$remove" or item.value[key].value is True)
    ]
    clash = None
    if "$before" in given and "$after" in given:
        clash = ("$before", "$after")
    elif "$remove" in given and len(given) > 1:
        clash = ("$remove", next(key for key in given if key != "$remove"))
    if clash is None:
        return False
    first, second = clash
    told(
        item.key_positions.get(second, item.position),
        path,
        written,
        # TRANSLATORS: {first} and {second} are overlay directives ($remove, $before, $after, $replace); keep them.
        _("{first} and {second} cannot go together on one item: say one of them", first=first, second=second),
    )
    return True


def merged_paths(own: Node, merged: Node) -> dict[str, str]:
    """Where each item of ``own``'s lists sits in the merged ruleset: ``{path in the file: merged path}``.

    A list that merges by id numbers its items in the merged list (an overlay's
    second card may be the merged ruleset's eighteenth), and every message
    names items that way, so one mistake is found at one path whichever check
    reports it. Only items whose path differs are listed; an item that a later
    file removed has no merged path.
    """
    found: dict[str, str] = {}
    _pair_paths(own, merged, "$", "$", found)
    return found


def _pair_paths(own: Node, merged: Node, own_path: str, merged_path: str, found: dict[str, str]) -> None:
    if own.is_mapping and merged.is_mapping:
        for key, child in own.value.items():
            if key in DIRECTIVES or key in NOT_INHERITED or key not in merged.value:
                continue
            _pair_paths(
                child, merged.value[key], json_path_child(own_path, key), json_path_child(merged_path, key), found
            )
    elif own.is_sequence and merged.is_sequence:
        if _is_id_list(own) and _is_id_list(merged):
            where = {_item_id(item): index for index, item in enumerate(merged.value)}
            for index, item in enumerate(own.value):
                merged_index = where.get(_item_id(item))
                if merged_index is None:
                    continue
                item_path, merged_item_path = f"{own_path}[{index}]", f"{merged_path}[{merged_index}]"
                if item_path != merged_item_path:
                    found[item_path] = merged_item_path
                _pair_paths(item, merged.value[merged_index], item_path, merged_item_path, found)
        elif own.position == merged.position and len(own.value) == len(merged.value):
            # A list written whole (not merged by id) keeps its order: it is this file's list.
            for index, (item, merged_item) in enumerate(zip(own.value, merged.value)):
                _pair_paths(item, merged_item, f"{own_path}[{index}]", f"{merged_path}[{index}]", found)


def in_merged_terms(path: str, paths: dict[str, str]) -> str:
    """``path`` (as written in one file) with its longest listed prefix replaced by its merged path."""
    cut = len(path)
    while cut > 1:
        replaced = paths.get(path[:cut])
        if replaced is not None:
            return replaced + path[cut:]
        cut = max(path.rfind(".", 0, cut), path.rfind("[", 0, cut))
        if cut <= 0:
            break
    return path
