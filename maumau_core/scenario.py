"""Table situations: read a frozen table from JSON, replay its actions, report the outcome.

The format is described in ``docs/scenarios.md``. A file that cannot
describe a table (bad JSON, a duplicate card, a card the deck lacks, an
unknown preset, option or law) raises :class:`BadScenario` with one sentence;
an action that the rules refuse is *not* a broken file: it is reported as a
result with ``ok: false`` and changes nothing.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from maumau_core.engine import table_sentences as say
from maumau_core.engine.actions import Action, Draw, Flag, Pass, Play, Say
from maumau_core.engine.cards import Card, Suit, make_deck
from maumau_core.engine.laws import Law
from maumau_core.engine.refusals import IllegalAction
from maumau_core.engine.round import Round
from maumau_core.engine.rules import PRESETS, preset
from maumau_core.errors import BadCard, BadScenario, MauMauError
from maumau_core.i18n import _

_TOP_KEYS = {"rules", "options", "hands", "discard", "stock", "turn", "state", "law", "actions", "seed"}
_VERBS = ("play", "draw", "pass", "flag", "say")


def load(path: str | Path) -> dict[str, Any]:
    """Read a scenario file into a dict, turning unreadable JSON into :class:`BadScenario`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise BadScenario(_("Cannot read {path}: {strerror}.").format(path=path, strerror=error.strerror)) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise BadScenario(_("{path} is not valid JSON: {error}.").format(path=path, error=error)) from None
    if not isinstance(data, dict):
        raise BadScenario(_("A scenario must be a JSON object with rules, hands, discard and stock."))
    return data


def build(data: dict[str, Any]) -> Round:
    """The round a scenario describes, before its actions. Raises :class:`BadScenario`."""
    try:
        return _build(data)
    except BadScenario:
        raise
    except MauMauError as error:
        raise BadScenario(str(error)) from None


def _build(data: dict[str, Any]) -> Round:
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise BadScenario(
            _("Unknown scenario key {keys}: use {known}.").format(
                keys=", ".join(map(repr, unknown)), known=", ".join(sorted(_TOP_KEYS))
            )
        )
    name = data.get("rules")
    if not isinstance(name, str) or name not in PRESETS:
        raise BadScenario(
            _("Unknown rule set {name!r}: choose one of {presets}.").format(name=name, presets=", ".join(PRESETS))
        )
    options = _expect(data.get("options", {}), dict, "options", "an object")
    rules = preset(name).replace(**options)  # options as data: an option called "name" is just unknown
    hands = [
        _cards(hand, _("hand {index}").format(index=i))
        for i, hand in enumerate(_expect(data.get("hands"), list, "hands", "a list of hands"))
    ]
    if len(hands) < 2:
        raise BadScenario(_("A scenario needs at least two hands."))
    discard = _cards(data.get("discard"), "discard")
    if not discard:
        raise BadScenario(_("The discard pile needs at least its top card."))
    stock = _cards(data.get("stock", []), "stock")
    _check_deck(hands, discard, stock, rules.deck_size(len(hands)))
    turn = _expect(data.get("turn", 0), int, "turn", "a player number")
    if not 0 <= turn < len(hands):
        raise BadScenario(
            _("Turn {turn} names no player: there are {hands} hands.").format(turn=turn, hands=len(hands))
        )
    state = _expect(data.get("state") or {}, dict, "state", "an object")
    extra = sorted(set(state) - {"suit", "pending_draw", "direction"})
    if extra:
        raise BadScenario(
            _("Unknown state key {keys}: use suit, pending_draw, direction.").format(keys=", ".join(map(repr, extra)))
        )
    suit = state.get("suit")
    pending = _expect(state.get("pending_draw", 0), int, "pending_draw", "a whole number")
    direction = state.get("direction", 1)
    if direction not in (1, -1) or pending < 0:
        raise BadScenario(_("direction must be 1 or -1 and pending_draw a whole number ≥ 0."))
    law = data.get("law")
    if law is not None and rules.speech != "mao":
        raise BadScenario(_('Only Mao has a secret law: remove "law" or use the mao rules.'))
    if law is not None and not isinstance(law, str):
        raise BadScenario(_('The law must be text: a library name like "tutorial" or a law in the notation.'))
    return Round(
        rules,
        hands,
        discard,
        stock,
        turn=turn,
        suit=_suit(suit, "state"),
        pending_draw=pending,
        direction=direction,
        law=_law(law) if law else None,
        seed=_expect(data.get("seed", 0), int, "seed", "a whole number"),
    )


def _suit(value: Any, where: str) -> Suit | None:
    """A named suit from the file: absent, or a suit's letter, symbol or name."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise BadScenario(
            _('"suit" must be a suit like "H" or "hearts" in {where}, not {given}.').format(
                where=where, given=json.dumps(value)
            )
        )
    return Suit.parse(value)


def _expect(value: Any, kind: type, what: str, words: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise BadScenario(
            _("{what} must be {words}, not {given}.").format(what=what, words=words, given=json.dumps(value))
        )
    return value


def _cards(texts: Any, where: str) -> list[Card]:
    if not isinstance(texts, list):
        raise BadScenario(_("{where} must be a list of cards.").format(where=where))
    try:
        return [Card.parse(text) for text in texts]
    except BadCard as error:
        raise BadScenario(_("In {where}: {error}").format(where=where, error=error)) from None


def _check_deck(hands: list[list[Card]], discard: list[Card], stock: list[Card], size: int) -> None:
    deck = Counter(make_deck(size))
    listed: Counter[Card] = Counter(discard) + Counter(stock)
    for hand in hands:
        listed.update(hand)
    for card, count in listed.items():
        if card not in deck:
            raise BadScenario(_("{card} is not in the {size}-card deck of these rules.").format(card=card, size=size))
        if count > deck[card]:
            raise BadScenario(
                _("{card} is listed {count} times, but the deck has {deck}.").format(
                    card=card, count=count, deck=deck[card]
                )
            )


def parse_action(entry: Any, players: int) -> Action:
    """One action of the file. A bad card string raises :class:`BadCard` (a refused action);
    anything else malformed raises :class:`BadScenario`."""
    if not isinstance(entry, dict):
        raise BadScenario(_("Each action must be an object, not {given}.").format(given=json.dumps(entry)))
    player = entry.get("player")
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < players:
        raise BadScenario(
            _('Action {given} needs a "player" from 0 to {players}.').format(
                given=json.dumps(entry), players=players - 1
            )
        )
    verbs = [verb for verb in _VERBS if verb in entry]
    extra = sorted(set(entry) - {"player", "suit", *_VERBS})
    if extra or not verbs or (len(verbs) > 1 and verbs != ["play", "say"]):
        raise BadScenario(
            _("Action {given} must be one of play (with suit, say), draw, pass, flag, say.").format(
                given=json.dumps(entry)
            )
        )
    say = entry.get("say", [])
    if not isinstance(say, list) or not all(isinstance(word, str) for word in say):
        raise BadScenario(_('"say" must be a list of words in {given}.').format(given=json.dumps(entry)))
    verb = verbs[0]
    if verb == "play":
        raw = entry["play"]
        texts = raw if isinstance(raw, list) else [raw]
        suit = entry.get("suit")
        if not texts or not all(isinstance(text, str) for text in texts):
            raise BadScenario(
                _('"play" must name a card or a list of cards in {given}.').format(given=json.dumps(entry))
            )
        return Play(player, tuple(Card.parse(t) for t in texts), _suit(suit, json.dumps(entry)), tuple(say))
    if verb == "draw":
        return Draw(player)
    if verb == "pass":
        return Pass(player)
    if verb == "say":
        return Say(player, tuple(say))
    target = entry["flag"]
    if not isinstance(target, int) or isinstance(target, bool):
        raise BadScenario(_('"flag" must name a player number in {given}.').format(given=json.dumps(entry)))
    return Flag(player, target)


def describe_action(entry: dict[str, Any]) -> str:
    """A scenario action in plain words, for the "next step" button (the words: ``sentences.table``)."""
    player = int(entry["player"])
    if "play" in entry:
        cards = entry["play"] if isinstance(entry["play"], list) else [entry["play"]]
        return say.attempted_play(
            player, [Card.parse(c) for c in cards], _suit(entry.get("suit"), "an action"), tuple(entry.get("say", ()))
        )
    if "draw" in entry:
        return say.action_said(player, "draw")
    if "pass" in entry:
        return say.action_said(player, "pass")
    if "flag" in entry:
        return say.action_said(player, "flag", target=int(entry["flag"]))
    return say.action_said(player, "say", words=tuple(entry.get("say", ())))


def run(data: dict[str, Any]) -> dict[str, Any]:
    """Build the table, replay every action, and return the outcome as ``docs/scenarios.md`` describes."""
    round_ = build(data)
    actions = _expect(data.get("actions", []), list, "actions", "a list")
    results = []
    for entry in actions:
        try:
            action = parse_action(entry, round_.players)
            events = round_.apply(action)
        except (BadCard, IllegalAction) as error:
            results.append({"ok": False, "error": error.code, "message": str(error)})
        else:
            results.append({"ok": True, "events": [event.sentence for event in events]})
    return {"results": results, "state": state_of(round_)}


def state_of(round_: Round) -> dict[str, Any]:
    """The table as the scenario output shows it."""
    result = round_.result
    return {
        "turn": round_.turn,
        "top": str(round_.top),
        "suit": round_.suit.value,
        "pending_draw": round_.pending_draw,
        "direction": round_.direction,
        "hands": [[str(card) for card in hand] for hand in round_.hands],
        "stock": round_.stock_size,
        "discard": len(round_.discard),
        "round_over": result is not None,
        "winner": result.winner if result else None,
        "void": result.void if result else False,
        "scores": list(result.scores) if result else None,
    }


def freeze(round_: Round) -> dict[str, Any]:
    """The current table as a scenario (no actions yet), so a lesson can freeze a moment."""
    data: dict[str, Any] = {"rules": round_.rules.name}
    changes = round_.rules.changes()
    if changes:
        data["options"] = changes
    data.update(
        {
            "hands": [[str(card) for card in hand] for hand in round_.hands],
            "discard": [str(card) for card in round_.discard],
            "stock": [str(card) for card in round_.stock],
            "turn": round_.turn,
            "state": {
                "suit": round_.named_suit.value if round_.named_suit else None,
                "pending_draw": round_.pending_draw,
                "direction": round_.direction,
            },
        }
    )
    if round_.law is not None:
        data["law"] = round_.law.name
    data["actions"] = []
    return data


def save(round_: Round, path: str | Path) -> None:
    """Write :func:`freeze` of the round to a JSON file."""
    Path(path).write_text(json.dumps(freeze(round_), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _law(text: str) -> Law:
    """The law a file names (a library name or notation); the Mao wing is imported only for such a file."""
    from maumau_core.mao import find_law

    return find_law(text)
