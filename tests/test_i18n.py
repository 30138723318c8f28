"""The catalogs, of the platform and of every registered game: every language holds the
same keys and placeholders, every translated text is translated, and every text an
engine can ask for (its events, refusal reasons and syntax errors) exists and formats.

The catalog files are found where the translator loads them (`bot.i18n.catalog_dirs`,
after every game's plugin has added its own), so a game's catalogs may live in its
package or anywhere its plugin says.
"""

from __future__ import annotations

import inspect
import json
import random
import re
import string
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from bot.games.errors import GameError, IllegalAction
from bot.games.registry import CATALOGS, ENTRY_POINT_GROUP, game_ids, get_game
from bot.i18n import (
    DEFAULT_LANGUAGE,
    catalog,
    catalog_dirs,
    folder_path,
    format_text,
    languages,
    load_catalog,
    t,
)
from cogs.platform.plugins import all_plugins
from tests.player_text import faults

SAME_AS_ENGLISH: dict[str, dict[str, str]] = {"fr": {
    # Proper names: the games' and the commands' own names, the same on a French client.
    "game.mine-out.name": "Mine Out has no French title",
    "game.saboteur.name": "Saboteur is the French title too",
    "game.tiny.name": "the test game's name",
    "coal.command.name": "/coal, the game's command group, is a name (Gigamic's title is long)",
    "sab.command.name": "/sab, the game's command group, is a name",
    "mo.command.name": "/mineout, the game's command group, is a name",
    # Rulebook terms the French rules spell as the English ones (seeds/002, seeds/004).
    "saboteur.role.saboteur": "the French rules' role name",
    "render.saboteur.role.saboteur": "the French rules' role name",
    "render.saboteur.role_short.saboteur": "the French rules' role name",
    "mine-out.node.pub": "the French rules say 'le Pub'",
    "mine-out.type.mafia": "the French rules' card type",
    "coal-baron.vehicle.locomotive": "the French rules' vehicle (Commandes Locomotive)",
    "render.coal-baron.surface": "the French rules' level name (niveau Surface)",
    "coal.panel.surface": "the French rules' level name (niveau Surface)",
    # French words spelled as the English ones, in command and option names.
    "coal.command.mine.name": "/coal mine: 'mine' is the French word",
    "command.game.export.table.name": "the option 'table' is the French word",
    "command.game.play.action.name": "the option 'action' is the French word",
    "command.game.pause.name": "/partie pause: 'pause' is the French word",
    "command.game.pings.mode.name": "/partie mentions mode: 'mode' is the French word",
    "command.game.coach.mode.name": "/partie entraineur mode: 'mode' is the French word",
    "command.game.stats.name": "/partie stats: the usual French short form",
    "render.coal-baron.scoring.total": "a column header, 'Total' in French too",
    "digest.score": "'score' is the French word ('For you: score 3 → 5')",
    "read.mo.turn": "a player's name and what they did, in the same order in French",
    "read.part_heading": "the markup of a heading around the part's name",
    "coal.digest.money": "the Franc, the game's money, in both languages",
    # Symbols: units and letters that both languages write alike.
    "render.coal-baron.francs": "'F', the Franc's symbol on the banknotes",
    "stats.seconds": "unit symbol s",
    "stats.minutes": "unit symbol min",
    "stats.hours": "unit symbol h",
    "render.saboteur.tool_letter.pick": "P: pick in English, pioche in French",
    "render.saboteur.tool_letter.lamp": "L: lamp in English, lampe in French",
    "mo.render.letter.copper": "C: copper in English, cuivre in French",
    "render.tournament.points": "a column header, 'Points' in French too",
    "command.tournament.new.minimum.name": "the option 'minimum' is the French word",
    "command.tournament.new.minutes.name": "the option 'minutes' is the French word",
    "command.tournament.pause.name": "/tournoi pause: 'pause' is the French word",
    "tournament.image_title": "the markup of a title: the tournament, then its round",
    "tournament.duration.hours": "unit symbol h",
    "tournament.duration.minutes": "unit symbol min",
}, "de": {
    # Proper names: the games' own names and the commands' names.
    "game.mine-out.name": "Mine Out has no German edition: its title stays",
    "game.saboteur.name": "Saboteur is the German title too (Amigo)",
    "game.tiny.name": "the test game's name",
    "sab.command.name": "/sab, the game's command group, is a name",
    "mo.command.name": "/mineout, the game's command group, is a name",
    "sab.command.hand.name": "/sab hand: 'Hand' is the German word",
    "mo.command.hand.name": "/mineout hand: 'Hand' is the German word",
    "computer.name": "'Computer' is the German word",
    "computer.short": "'Computer' is the German word",
    "command.tournament.drop.computer.name": "the option 'computer', the German word",
    "command.tournament.replace.computer.name": "the option 'computer', the German word",
    # Game terms German spells as English: the German editions' words.
    "render.saboteur.role.saboteur": "the German edition's role (Saboteur)",
    "render.saboteur.role_short.saboteur": "the German edition's role (Saboteur)",
    "render.saboteur.goal_gold": "'Gold' is the German word",
    "coal.card.space.bank": "'Bank' is the German word (Glück Auf's bank)",
    "coal.name.bank": "'Bank' is the German word (Glück Auf's bank)",
    "mo.render.bank": "'Bank' is the German word",
    "mine-out.type.investor": "'Investor' is the German word",
    "mine-out.type.mafia": "'Mafia' is the German word",
    "mo.cost": "AP, Aktionspunkte, abbreviated as in English",
    "mo.render.letter.silver": "S: silver in English, Silber in German",
    "mo.render.letter.gold": "G: gold in English, Gold in German",
    "mo.render.letter.jewel": "J: jewel in English, Juwel in German",
    "stats.minutes": "unit symbol min",
}}
"""The catalog entries whose text in a language is the English one, each with the reason."""


TRANSLATIONS = [language for language in languages() if language != DEFAULT_LANGUAGE]


def catalog_pairs() -> list[tuple[Path, Path]]:
    """Every English catalog file of the platform and of the games, with its twin in
    each other language (which may be missing)."""
    all_plugins()  # each game's plugin adds its catalog directory
    english = [path for directory in catalog_dirs() for path in sorted(directory.glob("*en.json"))]
    return [(en, twin(en, language)) for en in english for language in TRANSLATIONS]


def twin(path: Path, language: str) -> Path:
    """The file of `language` beside `path` (``weeks.en.json`` → ``weeks.de.json``)."""
    return path.with_name(path.name.removesuffix("en.json") + f"{language}.json")


def file_id(path: Path) -> str:
    return path.name


def entries(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("en_file, other_file", catalog_pairs(), ids=file_id)
def test_every_key_exists_in_every_language(en_file: Path, other_file: Path) -> None:
    assert other_file.is_file(), f"{en_file.name} has no twin {other_file.name}"
    en, other = entries(en_file), entries(other_file)
    assert sorted(set(en) - set(other)) == [], f"missing in {other_file.name}"
    assert sorted(set(other) - set(en)) == [], f"missing in {en_file.name}"


@pytest.mark.parametrize("en_file, other_file", catalog_pairs(), ids=file_id)
def test_every_translated_text_differs_from_the_english_one_but_listed_names(
    en_file: Path, other_file: Path
) -> None:
    en, other = entries(en_file), entries(other_file)
    alike = SAME_AS_ENGLISH.get(other_file.name.split(".")[-2], {})
    same = sorted(key for key in en if other.get(key) == en[key] and has_words(en[key]))
    assert [key for key in same if key not in alike] == []


def has_words(text: str) -> bool:
    """Whether `text` says anything of its own: a word of two letters or more outside its
    placeholders (not only markup, such as ``{rank}. {player}: {score}``)."""
    said = "".join(literal for literal, _, _, _ in string.Formatter().parse(text))
    return re.search(r"[^\W\d_]{2,}", said) is not None


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_the_list_of_texts_alike_in_two_languages_names_only_such_texts(language: str) -> None:
    en, other = catalog(DEFAULT_LANGUAGE), catalog(language)
    alike = SAME_AS_ENGLISH.get(language, {})
    assert [key for key in alike if en.get(key) != other.get(key)] == []


def test_every_catalog_file_has_an_english_twin() -> None:
    english = {en for en, _ in catalog_pairs()}
    for directory in catalog_dirs():
        for language in TRANSLATIONS:
            for path in directory.glob(f"*{language}.json"):
                assert path.with_name(path.name.removesuffix(f"{language}.json") + "en.json") \
                    in english, path


@pytest.mark.parametrize("language", TRANSLATIONS)
def test_every_language_uses_the_english_placeholders(language: str) -> None:
    assert different_placeholders(catalog(DEFAULT_LANGUAGE), catalog(language)) == []


def different_placeholders(english: dict[str, str], other: dict[str, str]) -> list[str]:
    """The keys whose text in `other` names other placeholders than the English one."""
    return [key for key in english
            if key in other and placeholders(english[key]) != placeholders(other[key])]


def test_a_missing_key_or_placeholder_is_found(tmp_path: Path) -> None:
    """The two checks above fail on a key missing in a language, and on a placeholder
    one language names and another does not."""
    english, german = tmp_path / "x.en.json", tmp_path / "x.de.json"
    english.write_text('{"a": "{n} {n:card|cards}", "b": "B"}', encoding="utf-8")
    german.write_text('{"a": "{count} Karten"}', encoding="utf-8")
    with pytest.raises(AssertionError, match=r"missing in x\.de\.json"):
        test_every_key_exists_in_every_language(english, german)
    assert different_placeholders(entries(english), entries(german)) == ["a"]


ONE_TERM_PER_THING: dict[str, dict[str, tuple[str, ...]]] = {
    # game: {the French rulebook's term: other words for the same thing, never used}
    "coal-baron": {  # seeds/000 (Gueules Noires)
        "berline": ("wagonnet", "chariot de mine"),
        "cage": ("ascenseur", "monte-charge"),
        "commande": ("contrat",),
        "déplacement": ("mouvement",),
        "quart": ("manche", "période"),
        "galerie": ("tunnel",),
        "ouvrier": ("travailleur",),
    },
    "saboteur": {  # seeds/002
        "lampe": ("lanterne",),
        "wagonnet": ("chariot", "berline"),
        "brisé": ("cassé",),
        "carte Arrivée": ("carte but", "carte objectif"),
        "éboulement": ("éboulis",),
        "chercheur d'or": ("mineur",),
    },
    "mine-out": {  # seeds/004
        "renommée": ("prestige", "gloire", "célébrité"),
    },
}
"""Issue 9: one term per thing across a game's texts and images ("lampe brisée" on the
board, never "Lanterne cassée" in a message)."""

ONE_GERMAN_TERM_PER_THING: dict[str, dict[str, tuple[str, ...]]] = {
    # game: {the German edition's term: other words for the same thing, never used}
    "coal-baron": {  # Glück Auf (docs/languages.md, "Glossary")
        "Förderkorb": ("Aufzug", "Fahrstuhl", "Käfig"),
        "Lore": ("Wagen", "Waggon"),
        "Auftrag": ("Bestellung",),
        "Schicht": ("Phase",),
        "Arbeiter": ("Kumpel", "Bergleute"),
        "Tunnelplättchen": ("Galerieplättchen", "Kachel"),
        "Mark": ("Franc", "Taler"),
    },
    "saboteur": {  # Amigo's Saboteur
        "Goldsucher": ("Zwerg", "Goldgräber", "Bergmann"),
        "Laterne": ("Lampe",),
        "Lore": ("Wagen", "Karren"),
        "Steinschlag": ("Einsturz", "Geröll"),
        "Zielkarte": ("Zielfeld",),
        "Goldklumpen": ("Nugget", "Goldstück"),
    },
    "mine-out": {
        "Ruhm": ("Prestige", "Renommee"),
        "Rupie": ("Rupee", "Münze"),
    },
}
"""The same for German: the German editions' terms, one per thing."""


def texts_of(game: str, language: str) -> str:
    """Every text of `game`'s catalogs in `language`: engine, Discord and images (the
    placeholders' names, ``{francs}``, left out)."""
    get_game(game)  # registers the game and its catalog folders
    folders = [folder_path(folder) for folder in CATALOGS[game]]
    return "\n".join(
        re.sub(r"\{\w+", "{", text)
        for folder in folders for path in sorted(folder.glob(f"*.{language}.json"))
        for text in entries(path).values()
    )


def written(word: str, text: str) -> bool:
    """Whether `text` holds `word` as a word, in any case, feminine or plural (French
    or German endings)."""
    endings = "e|s|es|x|n|en|er|ern"
    return re.search(rf"\b{re.escape(word)}({endings})?\b", text, re.IGNORECASE) is not None


@pytest.mark.parametrize(
    "language, game",
    [("fr", game) for game in sorted(ONE_TERM_PER_THING)]
    + [("de", game) for game in sorted(ONE_GERMAN_TERM_PER_THING)],
)
def test_each_language_names_each_thing_with_its_editions_one_term(
    language: str, game: str
) -> None:
    texts = texts_of(game, language)
    terms = ONE_TERM_PER_THING if language == "fr" else ONE_GERMAN_TERM_PER_THING
    for term, others in terms[game].items():
        assert written(term, texts), f"{term!r}: not the term of {game}'s texts"
        assert [word for word in others if written(word, texts)] == [], f"instead of {term!r}"


def test_no_text_writes_a_plural_in_brackets() -> None:
    """ "1 worker(s)": a count chooses its word with ``{count:worker|workers}``."""
    for language in languages():
        texts = catalog(language).values()
        bracketed = [text for text in texts if re.search(r"\w\((s|x|e|es)\)", text)]
        assert bracketed == [], language


RELATIVE_TIMES = ("since", "skip")
"""The placeholders the bot fills with a relative time (`cogs.platform.presenter.timestamp`,
which Discord shows as "3 hours ago", "in 2 days", "il y a 3 heures")."""


def test_a_relative_time_follows_no_word_that_wants_a_date() -> None:
    """ "Waiting since 3 hours ago", "depuis il y a 3 heures": a relative time stands
    after "began" or "a commencé", never after "since", "from" or "depuis"."""
    for language in languages():
        for key, text in catalog(language).items():
            filled = text
            for name in RELATIVE_TIMES:
                filled = filled.replace(f"{{{name}}}", "<t:1795737205:R>")
            assert not faults(filled, "en"), (language, key, text)


COMMAND_GROUPS = ("command.game", "coal.command", "sab.command", "mo.command",
                  "command.tournament")
"""The catalog prefixes of the slash command groups (``<prefix>.name``, ``<prefix>.<sub>.name``)."""


def command_paths(language: str) -> set[str]:
    """Every ``/group sub`` (and ``/group``) as a client in `language` shows it; each game's
    group also has ``play``, the old spelling of ``/game play``."""
    texts = catalog(language)
    play = texts["command.game.play.name"]
    paths = set()
    for prefix in COMMAND_GROUPS:
        group = texts[f"{prefix}.name"]
        subs = {
            text
            for key, text in texts.items()
            if key.startswith(f"{prefix}.") and key.count(".") == prefix.count(".") + 2
            and key.endswith(".name")
        }
        paths |= {f"/{group}"} | {f"/{group} {sub}" for sub in subs | {play}}
    return paths


@pytest.mark.parametrize("language", languages())
def test_every_text_names_commands_as_the_readers_client_shows_them(language: str) -> None:
    """`/partie jouer` in French, `/game play` in English: never the other language's."""
    paths = command_paths(language)
    mentions = [
        (key, found[0])
        for key, text in catalog(language).items()
        for found in re.finditer(r"(?<![\w/.}])/[^\W\d_][\w-]*(?: [\w-]+)?", text)
    ]
    assert len(mentions) > 10
    assert [(key, path) for key, path in mentions if path not in paths] == []


def test_the_command_paths_are_the_localized_ones() -> None:
    assert {"/partie jouer", "/coal jouer", "/sab main"} <= command_paths("fr")
    assert {"/spiel spielen", "/glückauf spielen", "/sab hand", "/turnier tabelle"} <= (
        command_paths("de"))
    assert {"/game play", "/coal play", "/sab hand"} <= command_paths("en")


@pytest.mark.parametrize(
    "language, count, expected",
    [("fr", 0, "0 ouvrier"), ("fr", 1, "1 ouvrier"), ("fr", 2, "2 ouvriers"),
     ("en", 0, "0 workers"), ("en", 1, "1 worker"), ("en", 2, "2 workers")],
)
def test_a_count_chooses_its_word(language: str, count: int, expected: str) -> None:
    word = "{n:ouvrier|ouvriers}" if language == "fr" else "{n:worker|workers}"
    assert format_text(language, "{n} " + word, n=count) == expected


def test_the_merged_catalogs_have_the_same_keys() -> None:
    keys = [set(catalog(language)) for language in languages()]
    assert len(keys) >= 2 and all(other == keys[0] for other in keys[1:])


def test_a_key_defined_in_two_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "game.en.json").write_text('{"a": "again"}', encoding="utf-8")
    with pytest.raises(ValueError, match="already defined"):
        load_catalog("en", tmp_path)


def test_game_files_are_merged_into_the_language(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text('{"a": "A"}', encoding="utf-8")
    (tmp_path / "game.en.json").write_text('{"game.x": "X"}', encoding="utf-8")
    assert load_catalog("en", tmp_path) == {"a": "A", "game.x": "X"}


def test_t_formats_the_parameters() -> None:
    assert t("fr", "error.table_full", max_players=4) == "La table est complète (4 joueurs)."
    assert t("en-GB", "error.table_full", max_players=4) == "The table is full (4 players)."


# What every engine can ask for ------------------------------------------------------------

SHIPPED_GAMES = sorted(entry.name for entry in entry_points(group=ENTRY_POINT_GROUP))
"""The games this distribution registers (the test game, text only, is not one of them)."""


def random_games(game: str) -> tuple[list[tuple[str, dict[str, Any]]], list[IllegalAction]]:
    """The events (kind, data) of a few random games of `game`, from its smallest table to
    its largest, and the refusals met by trying, at each turn, notations played earlier."""
    engine = get_game(game)
    events: list[tuple[str, dict[str, Any]]] = []
    refusals: list[IllegalAction] = []
    for players in range(engine.min_players, engine.max_players + 1):
        rng = random.Random(players)
        state = engine.new(players, seed=players)
        played: list[str] = []
        while not state.is_over():
            seat = rng.choice(state.to_act())
            for text in rng.sample(played, min(3, len(played))):
                try:
                    state.copy().apply(seat, state.parse_action(seat, text))
                except IllegalAction as refusal:
                    refusals.append(refusal)
                except GameError:
                    pass
            action = rng.choice(state.legal_actions(seat))
            played.append(state.format_action(action))
            events += [(event.kind, dict(event.data)) for event in state.apply(seat, action)]
    return events, refusals


@pytest.fixture(scope="module", params=SHIPPED_GAMES)
def played(request: pytest.FixtureRequest) -> tuple[str, list[Any], list[IllegalAction]]:
    game: str = request.param
    return (game, *random_games(game))


@pytest.mark.parametrize("language", languages())
def test_every_event_of_random_games_has_a_text_using_only_its_parameters(
    played: tuple[str, list[tuple[str, dict[str, Any]]], list[IllegalAction]], language: str
) -> None:
    game, events, _ = played
    assert events
    texts = catalog(language)
    for kind, data in events:
        key = f"event.{game}.{kind}"
        assert key in texts, key
        assert placeholders(texts[key]) <= {*data, "player"}, key
        format_text(language, texts[key], **{"player": "@someone", **data})


@pytest.mark.parametrize("language", languages())
def test_every_refusal_met_in_random_games_has_a_text_that_formats(
    played: tuple[str, list[Any], list[IllegalAction]], language: str
) -> None:
    _, _, refusals = played
    texts = catalog(language)
    for refusal in refusals:
        if refusal.reason_key is not None:
            format_text(language, texts[f"reason.{refusal.reason_key}"], **refusal.params)


def keys_in_source(game: str) -> set[str]:
    """The catalog keys (``reason.<key>``, ``expected.<key>``) that `game`'s engine package
    names literally as ``reason_key="<game>.x"`` or ``expected_key="<game>.x"``."""
    package = Path(inspect.getfile(get_game(game))).parent
    source = "".join(path.read_text(encoding="utf-8") for path in package.glob("*.py"))
    pattern = rf'(reason|expected)_key="({re.escape(game)}\.[a-z_-]+)"'
    return {f"{family}.{key}" for family, key in re.findall(pattern, source)}


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_refusal_and_syntax_key_of_an_engine_has_a_text_in_both_languages(game: str) -> None:
    keys = keys_in_source(game)
    for language in languages():
        assert sorted(keys - catalog(language).keys()) == [], language


def test_the_engines_name_their_refusal_and_syntax_keys_in_their_source() -> None:
    """The scan above finds keys (it would pass on nothing if the engines' spelling changed)."""
    coal_baron = keys_in_source("coal-baron")
    assert {"reason.coal-baron.not-drawn", "expected.coal-baron.step"} <= coal_baron
    assert {"reason.mine-out.only-moves", "expected.mine-out.step"} <= keys_in_source("mine-out")
    assert "expected.saboteur.action" in keys_in_source("saboteur")


def test_the_platform_catalogs_name_no_game() -> None:
    """A game's texts live in its own packages (`GameSpec.catalogs`), none in bot/i18n."""
    platform_keys = load_catalog(DEFAULT_LANGUAGE).keys()
    named = [key for key in platform_keys for game_id in game_ids() if game_id in key]
    assert named == []
    for game_id in game_ids():
        assert f"game.{game_id}.name" in catalog(DEFAULT_LANGUAGE)


def test_reading_a_games_catalogs_imports_no_discord() -> None:
    """A renderer's process reads the Discord folders' catalogs without importing them."""
    code = (
        "import sys; from bot.i18n import t; "
        "t('fr', 'render.coal-baron.colour_letters'); "
        "assert 'discord' not in sys.modules and 'cogs.coal_baron' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parents[1])
