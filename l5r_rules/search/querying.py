"""Turn what a judge types into a query tree (scoring.py), without a query language.

Casual questions contain quotes, colons, asterisks and words like AND or NOT that a
query parser would treat as syntax (and fail on). Here the query is only ever split
into words; the words become weighted terms:

* the question is first normalized like the indexed text (analysis.normalize);
* edition and game words (the registry's `words`: "lotus", "battle for rokugan") become
  filters; a soft word (`soft_words`: "gold", also a game term) alone only boosts its edition
  (and is searched); beside a filtering edition word it filters and is not searched;
* judges' synonyms add alternatives (tap -> bow), matched as phrases;
* every word is analyzed with the English and the German analyzer and searched in
  the fields of that language (term and aliases weigh most, see fields.py);
* a word whose stems are not in the index vocabulary is first tried as a German
  compound (Spielziel -> spiel ziel, all parts in one field; decompound.py), else
  gets typo tolerance: the index words within edit distance 1 (same first letter);
  a word the rulebooks use, or a stop word of either language, is never "corrected";
* words are OR-ed; BM25F ranks entries matching more (and rarer) words first;
* a typed word counts once per field family, not once per field that indexes the same words
  twice (`once_per_family`, scoring.Max): aliases are indexed in `aliases` (English analyzer)
  and in `aliases_de` (German) alike, and a German text is in `text_de` whole and in `parts_de`
  split into its compounds' parts. Summed, one alias or one German word scored twice there
  (issue #12), more than the same word in any English entry's fields; the better field counts.

Soft edition words (plan.soft_editions) are applied by the engine to the scores.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import policy
from .analysis import analyze, english, german, normalize, plain
from .decompound import Splitter, index_vocabulary
from .fields import SEARCH_FIELDS
from .scoring import All, Any, Max, Node, Term
from .synonyms import Table

# The knobs and word lists below are the ranking policy's (policy.yaml says why, what chose each
# value and which test pins it).
MAX_QUERY_CHARS = policy.count("MAX_QUERY_CHARS")
MAX_WORDS = policy.count("MAX_WORDS")
SYNONYM_WEIGHT = policy.number("SYNONYM_WEIGHT")
FUZZY_WEIGHT = policy.number("FUZZY_WEIGHT")
FUZZY_MIN_LETTERS = policy.count("FUZZY_MIN_LETTERS")
FUZZY_MAX_READINGS = policy.count("FUZZY_MAX_READINGS")
COMPOUND_WEIGHT = policy.number("COMPOUND_WEIGHT")  # a German compound neither language knows, as its parts
GERMAN_IN_ENGLISH_WEIGHT = policy.number("GERMAN_IN_ENGLISH_WEIGHT")  # German readings in an English question

_WORD = re.compile(r"\w+(?:['’]\w+)*")
_TERMINAL_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")  # e.g. a pasted colour code


@dataclass(frozen=True)
class EditionWords:
    """The words of a question that name an edition or game, from the registry (editions.py).

    `phrases`: phrase -> (editions, games) it filters to; longest phrases match first.
    `soft`: words that name an edition but are also ordinary game words ("gold", the
    currency): alone they only favour the edition; beside a filtering edition word
    ("gold and lotus") they filter too.
    """

    phrases: dict[tuple[str, ...], tuple[frozenset[str], frozenset[str]]]
    soft: dict[str, frozenset[str]]
    games: dict[str, frozenset[str]] = field(default_factory=dict)  # game id -> its editions

    @property
    def longest(self) -> int:
        return max((len(k) for k in self.phrases), default=1)

    @classmethod
    def of(cls, registry) -> EditionWords:
        phrases: dict[tuple[str, ...], tuple[frozenset[str], frozenset[str]]] = {}
        soft: dict[str, set[str]] = {}
        for game in registry.games:
            for words in game.words:
                eds, games = phrases.get(tuple(words_of(words)), (frozenset(), frozenset()))
                phrases[tuple(words_of(words))] = (eds, games | {game.id})
        for ed in registry.editions:
            for words in ed.words:
                eds, games = phrases.get(tuple(words_of(words)), (frozenset(), frozenset()))
                phrases[tuple(words_of(words))] = (eds | {ed.id}, games)
            for word in ed.soft_words:
                soft.setdefault(word.lower(), set()).add(ed.id)
        games = {g.id: frozenset(e.id for e in registry.editions if e.game == g.id) for g in registry.games}
        return cls(phrases, {w: frozenset(eds) for w, eds in soft.items()}, games)


QUERY_STOPWORDS = policy.words("QUERY_STOPWORDS")  # question words that say nothing about the rules
WEAK_WORDS = policy.words("WEAK_WORDS")  # "targeting rules": beside other words they weigh WEAK_WEIGHT
WEAK_WEIGHT = policy.number("WEAK_WEIGHT")
COMPARE_WORDS = policy.words("COMPARE_WORDS")  # dropped when two editions or games are named
COMPARISON_WORDS = policy.words("COMPARISON_WORDS")  # the question compares editions (Plan.compares)
GERMAN_FUNCTION_WORDS = policy.words("GERMAN_FUNCTION_WORDS")  # skipped; they make a question German
ENGLISH_FUNCTION_WORDS = policy.words("ENGLISH_FUNCTION_WORDS")  # they make a question English
GERMAN_IN_GERMAN = policy.words("GERMAN_IN_GERMAN")  # German words too, in a German question

LANG_FIELDS: dict[str, list[tuple[str, float]]] = {"en": [], "de": []}
for _name, (_lang, _boost) in SEARCH_FIELDS.items():
    LANG_FIELDS[_lang].append((_name, _boost))
ANALYZERS = {"en": english, "de": german}


@dataclass
class Plan:
    """A parsed question: what to search, which editions it names, what was corrected."""

    words: list[str]
    editions: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    soft_editions: set[str] = field(default_factory=set)
    slots: list[list[tuple[str, float]]] = field(default_factory=list)  # each: (phrase, weight) alternatives
    corrections: dict[str, list[str]] = field(default_factory=dict)
    asks_meaning: bool = False  # asks what a word means ("what is", "meaning"), not what a rule does
    names_meaning: bool = False  # a word that only asks for a definition (DEFINE_WORDS)
    kinds: set[str] = field(default_factory=set)  # kinds of entry the question names (KIND_CUES)
    english: bool = False  # holds an English function word and no German one (ENGLISH_FUNCTION_WORDS)
    compares: bool = False  # asks how editions compare (COMPARISON_WORDS, or two editions or games named)


def words_of(text: str) -> list[str]:
    """The words of a question, in the spelling the index uses (analysis.normalize), lowercased."""
    text = normalize(_TERMINAL_ESCAPE.sub(" ", text[:MAX_QUERY_CHARS]))
    return _WORD.findall(text.lower())[:MAX_WORDS]


# A question about what a word means (the short-definition rule), and the words that can only ask
# for a definition (the glossary-asked rule)
MEANING_WORDS = policy.words("MEANING_WORDS")
MEANING_PHRASES = frozenset(policy.pairs("MEANING_PHRASES"))
DEFINE_WORDS = policy.words("DEFINE_WORDS")
# Words that name a kind of entry (vocab.Kind): the named-kind rules favour entries of that kind
KIND_CUES: dict[str, frozenset[str]] = {kind: frozenset(cues) for kind, cues in policy.table("KIND_CUES").items()}
# Whether a soft edition word ("gold") is the currency or its edition (_currency)
CURRENCY_CUES = policy.words("CURRENCY_CUES")
ALSO_WORDS = policy.words("ALSO_WORDS")
CURRENCY_BEFORE = policy.words("CURRENCY_BEFORE")
VERSUS_WORDS = policy.words("VERSUS_WORDS")


def _currency(words: list[str], i: int) -> bool:
    """The soft edition word at `words[i]` ("gold") reads as the currency, not as its edition."""
    before = words[i - 1] if i else ""
    after = words[i + 1] if i + 1 < len(words) else ""
    if {before, after} & VERSUS_WORDS:  # "gold vs lotus": the edition
        return False
    number = before.isascii() and before.isdigit()
    return any(w in CURRENCY_CUES for w in words) or number or before in CURRENCY_BEFORE


def cued_kinds(words: list[str]) -> set[str]:
    """The kinds of entry named by the question's words (KIND_CUES)."""
    return {kind for kind, cues in KIND_CUES.items() if any(w in cues for w in words)}


def _asks_meaning(words: list[str]) -> bool:
    if any(w in MEANING_WORDS for w in words):
        return True
    return any(tuple(words[i : i + 2]) in MEANING_PHRASES for i in range(len(words) - 1))


def _match_phrase(words: list[str], i: int, table: dict, longest: int) -> tuple[tuple[str, ...], int] | None:
    for n in range(min(longest, len(words) - i), 0, -1):
        key = tuple(words[i : i + n])
        if key in table:
            return key, n
    return None


def plan(text: str, syn: Table, names: EditionWords) -> Plan:
    """Split `text` into edition filters and word slots, using the synonym table `syn`
    and the registry's edition and game words `names`."""
    words = words_of(text)
    p = Plan(words=words, asks_meaning=_asks_meaning(words))
    p.names_meaning = any(w in DEFINE_WORDS for w in words)
    longest_syn = max((len(k) for k in syn), default=1)
    longest_ed = names.longest
    i = 0
    named_soft: set[str] = set()  # soft edition words that name their edition, but only boost when alone
    currency: set[str] = set()  # soft edition words read as the currency (_currency)
    soft_slots: list[list[tuple[str, float]]] = []  # the slots of soft edition words ("gold")
    german = any(w in GERMAN_FUNCTION_WORDS for w in words)
    naming: set[int] = set()  # positions of the words that name an edition or game ("battle for rokugan")
    also = any(w in ALSO_WORDS for w in words)  # a soft edition word stays a boost (ALSO_WORDS)
    while i < len(words):
        if words[i] in GERMAN_FUNCTION_WORDS or (german and words[i] in GERMAN_IN_GERMAN):
            i += 1
            continue
        hit = _match_phrase(words, i, names.phrases, longest_ed)
        if hit:
            editions, games = names.phrases[hit[0]]
            p.editions |= editions
            p.games |= games
            naming.update(range(i, i + hit[1]))
            i += hit[1]
            continue
        hit = _match_phrase(words, i, syn, longest_syn)
        if hit:
            p.slots.append([(" ".join(hit[0]), 1.0)] + [(alt, SYNONYM_WEIGHT) for alt in syn[hit[0]]])
            i += hit[1]
            continue
        word = words[i]
        i += 1
        soft = names.soft.get(word)
        as_currency = bool(soft) and _currency(words, i - 1)  # "5 gold": searched, at most a boost
        if soft and not as_currency and not also:  # "gold edition", "in gold": the edition
            p.editions |= soft
            continue
        if soft:  # the currency, or "was that in gold too": is Gold like the others
            (currency if as_currency else named_soft).update(soft)
        if word in QUERY_STOPWORDS:
            continue
        p.slots.append([(word, 1.0)])
        if soft and not as_currency:
            soft_slots.append(p.slots[-1])
    # English: an English function word of the question itself, not the "for" of "battle for rokugan";
    # kinds: named by the question, not by the "new" of "new card game"
    asked = [w for n, w in enumerate(words) if n not in naming]
    p.english = not german and any(w in ENGLISH_FUNCTION_WORDS for w in asked)
    p.kinds = cued_kinds(asked)
    if any(not _weak(s) for s in p.slots):  # "targeting rules": the other words say which rule, "rule" weighs little
        p.slots = [[(s[0][0], WEAK_WEIGHT)] if _weak(s) else s for s in p.slots]
    p.compares = len(p.editions | named_soft) + len(p.games) > 1 or any(w in COMPARISON_WORDS for w in words)
    if len(p.editions | named_soft) + len(p.games) > 1:  # "did X change from gold to lotus": X is the question
        p.slots = [s for s in p.slots if not (len(s) == 1 and s[0][0] in COMPARE_WORDS)] or p.slots
    if named_soft:
        if p.editions:  # "gold and lotus": a comparison, so gold is an edition here, not the currency
            p.editions |= named_soft
            p.slots = [s for s in p.slots if not any(s is w for w in soft_slots)] or p.slots
        else:
            p.soft_editions |= named_soft
    if currency and not p.editions:  # "paying costs with gold": perhaps Gold's rules; beside "ivory" not
        p.soft_editions |= currency
    if p.editions and p.games:  # "bowing ccg vs lcg": the CCG's editions and the LCG, not their intersection
        for game in sorted(p.games):
            if not p.editions & names.games.get(game, frozenset()):
                p.editions |= names.games.get(game, frozenset())
        p.games = set()
    return p


def _weak(slot: list[tuple[str, float]]) -> bool:
    return len(slot) == 1 and slot[0][0] in WEAK_WORDS


def _useful(reader, fieldname: str, terms: list[str]) -> bool:
    """Every term occurs in the field. Common words are searched too, in every field: BM25 gives
    them little weight, but in a passage (ranking.py) "player" or "card" still tells the sentence
    that answers from its neighbours. (They used to be left out of the long fields to save time;
    scoring.py made that saving small, and leaving them out let the few entries with an English
    translation, where no word is common, win English questions.)"""
    return all(reader.doc_frequency(fieldname, t) for t in terms)


def _phrase_query(fieldname: str, terms: list[str], boost: float) -> Node:
    """All `terms` in one field (a synonym phrase such as 'discard pile')."""
    if len(terms) == 1:
        return Term(fieldname, terms[0], boost)
    return All(tuple(Term(fieldname, t) for t in terms), boost)


def _known(reader, lang: str, terms: list[str]) -> bool:
    return all(any(reader.doc_frequency(f, t) for f, _ in LANG_FIELDS[lang]) for t in terms)


def _fuzzy(reader, word: str) -> list[str]:
    """Index words within edit distance 1 of a typed word (same first letter), or
    one swap of two neighbouring letters away ("imperail" -> imperial; whoosh's
    edit distance counts a swap as 2, and distance 2 is too slow for the default path)."""
    raw = analyze(plain(), word)
    if len(raw) != 1 or len(raw[0]) < FUZZY_MIN_LETTERS or not raw[0].isalpha():
        return []
    typed = raw[0]
    close = set(reader.terms_within("words", typed, 1, prefix=1))
    close.update(w for w in _swaps(typed) if ("words", w) in reader)
    close.discard(typed)
    return sorted(close)[:FUZZY_MAX_READINGS]


def _real_word(reader, word: str) -> bool:
    """A word the rulebooks use (in any document, even one where it is too common to search), or a
    stop word of either language ("jeder", "the"): never a typo, so never "corrected" nor split."""
    raw = analyze(plain(), word)
    if len(raw) == 1 and ("words", raw[0]) in reader:
        return True
    return any(not analyze(ANALYZERS[lang](), word) for lang in ANALYZERS)


def _swaps(word: str) -> set[str]:
    """`word` with two neighbouring letters swapped, the first letter kept."""
    return {word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(1, len(word) - 1) if word[i] != word[i + 1]}


def slot_query(
    reader, slot: list[tuple[str, float]], corrections: dict[str, list[str]], de_weight: float = 1.0
) -> Node | None:
    """One typed word (or phrase) with its alternatives, over every field of both languages; its
    German readings weigh `de_weight` (GERMAN_IN_ENGLISH_WEIGHT in an English question).

    Typo tolerance only applies to a single typed word that neither language knows.
    """
    alternatives: list[list[Node]] = []  # per analyzed alternative: its query in each field that has it
    analyzed = {lang: [(analyze(ANALYZERS[lang](), phrase), weight) for phrase, weight in slot] for lang in LANG_FIELDS}
    analyzed["de"] += _verb_stems(reader, analyzed["de"])
    for lang, fields in LANG_FIELDS.items():
        for terms, weight in analyzed[lang]:
            if terms and _known(reader, lang, terms):
                weight *= de_weight if lang == "de" else 1.0
                alternatives.append([_phrase_query(f, terms, weight) for f, _ in fields if _useful(reader, f, terms)])
    parts = once_per_family(alternatives)
    if not parts and len(slot) == 1 and not _real_word(reader, slot[0][0]):
        pieces = Splitter(index_vocabulary(reader)).split(slot[0][0])
        if pieces:
            compound = slot_query(reader, [(" ".join(pieces), COMPOUND_WEIGHT)], corrections, de_weight)
            if compound is not None:
                return compound
        close = _fuzzy(reader, slot[0][0])
        if close:
            corrections[slot[0][0]] = close
        # the candidates' terms are summed, aliases and aliases_de too: counting them once here (per
        # candidate or over all) lost "straigten phase" its answers on the own eval set (rank 5 -> 7)
        for candidate in close:
            for lang, fields in LANG_FIELDS.items():
                terms = analyze(ANALYZERS[lang](), candidate)
                if len(terms) == 1:
                    parts.extend(Term(f, terms[0], FUZZY_WEIGHT) for f, _ in fields if _useful(reader, f, terms))
    if not parts:
        return None
    return _or(parts)


# Fields that index the same words twice; one typed word counts once in each pair (scoring.Max).
# Aliases name the thing: the best-scoring alias term of all the word's alternatives counts.
ALIAS_FIELDS = policy.word_list("ALIAS_FIELDS")
# A German text, whole and as compound parts: per alternative, the better of the two counts.
GERMAN_TEXT_FIELDS = policy.word_list("GERMAN_TEXT_FIELDS")


def once_per_family(alternatives: list[list[Node]]) -> list[Node]:
    """The parts of one typed word's query, from its alternatives (the word, its synonyms and
    German verb stems, per language), each a list of one query per field, in field order.

    Summed as they are, an alias would count twice (aliases, aliases_de) and a German word
    twice (text_de, parts_de), more than the same word in any English entry's fields. So the
    word's terms in ALIAS_FIELDS (all alternatives) become one Max, and each alternative's terms
    in GERMAN_TEXT_FIELDS one Max; every other query stays a part of its own. A Max takes the
    place of its first member, so the order is the fields' order."""
    groups: list[list[Node]] = []
    aliases: list[Node] | None = None
    for alternative in alternatives:
        german_text: list[Node] | None = None
        for node in alternative:
            name = _field(node)
            if name in ALIAS_FIELDS:
                if aliases is None:
                    aliases = []
                    groups.append(aliases)
                aliases.append(node)
            elif name in GERMAN_TEXT_FIELDS:
                if german_text is None:
                    german_text = []
                    groups.append(german_text)
                german_text.append(node)
            else:
                groups.append([node])
    return [group[0] if len(group) == 1 else Max(tuple(group)) for group in groups]


def _field(node: Node) -> str:
    """The field of a query made by _phrase_query: a Term, or an All of Terms in one field."""
    return node.field if isinstance(node, Term) else _field(node.parts[0])


VERB_STEM_WEIGHT = policy.number("VERB_STEM_WEIGHT")
VERB_STEM_MIN_LETTERS = policy.count("VERB_STEM_MIN_LETTERS")
PARTICIPLE_MIN_LETTERS = policy.count("PARTICIPLE_MIN_LETTERS")


def _verb_stems(reader, analyzed: list[tuple[list[str], float]]) -> list[tuple[list[str], float]]:
    """The Snowball German stemmer keeps a verb's -t/-et ("endet", "kämpft", "spielt"), so a
    question's verb never meets the rulebook's noun (Ende, Kampf, Spiel). A one-word German
    stem ending so also searches the stem without it, when a German entry uses that stem.
    Only on the query side: nouns in the index (Stadt, Markt) keep their -t."""
    out = []
    for terms, weight in analyzed:
        if len(terms) != 1 or len(terms[0]) < VERB_STEM_MIN_LETTERS:
            continue
        for stem in _verb_stem_candidates(terms[0]):
            if _known(reader, "de", [stem]):
                out.append(([stem], weight * VERB_STEM_WEIGHT))
                break
    return out


def _verb_stem_candidates(term: str) -> list[str]:
    """A German verb's stem as a noun of the rulebook may have it: "endet" -> end, "kontrolliere"
    (stemmed kontrolli, an -ieren verb) -> kontroll, "gelegt" (a participle) -> leg."""
    out = []
    if term.startswith("ge") and term.endswith("t") and len(term) >= PARTICIPLE_MIN_LETTERS:
        out.append(term[2:-1])
    if term.endswith("t"):
        out.append(term[:-2] if term.endswith("et") else term[:-1])
    if term.endswith("i"):
        out.append(term[:-1])
    return out


def build_query(reader, p: Plan, searched: list[tuple[list[tuple[str, float]], Node]] | None = None) -> Node | None:
    """The query tree for plan `p`; `reader` is the engine's scoring.ReaderStats (or, in tests,
    any whoosh reader: only the index vocabulary is looked up).

    Always an Any whose parts are the typed words (slots), then the heading bonus: ranking.py
    counts how many of the words a passage holds. (An Any of one part scores as that part.)
    `searched`: searched_slots(reader, p), if the caller has it already."""
    searched = searched_slots(reader, p) if searched is None else searched
    slots = [q for _, q in searched]
    if not slots:
        return None
    if len(slots) == 1:
        return Any((slots[0],))
    # Ranked OR, plus a bonus for entries whose heading holds every typed word that is searched
    # ("end phase" -> "6. END PHASE" before "2.6 Draw phase ends" ... by length; "the", "from"
    # in "did the end phase change from gold to lotus" are searched in no field, so they do not count).
    heading = _heading_bonus(reader, [s for s, _ in searched if s[0][0] not in COUNT_WORDS], p.corrections)
    return _or(slots + ([heading] if heading else []))


def searched_slots(reader, p: Plan) -> list[tuple[list[tuple[str, float]], Node]]:
    """(slot, its query) of every slot of `p` that some field can match."""
    de_weight = GERMAN_IN_ENGLISH_WEIGHT if p.english else 1.0
    searched = [(s, slot_query(reader, s, p.corrections, de_weight)) for s in p.slots]
    return [(s, q) for s, q in searched if q is not None]


def subject_queries(searched: list[tuple[list[tuple[str, float]], Node]]) -> list[Node]:
    """One query per word of the question that says what it is about, of its searched slots
    (searched_slots): all but the weak words ("rule", "keyword"; none when they are all there is).
    For engine: a concept the question names."""
    return [q for s, q in searched if not _weak(s)]


HEADING_BONUS = policy.number("HEADING_BONUS")
# Words that ask for a number, never part of what a heading names ("how many cardinal rules")
COUNT_WORDS = policy.words("COUNT_WORDS")


def _heading_bonus(reader, slots: list[list[tuple[str, float]]], corrections: dict[str, list[str]]) -> Node | None:
    parts = []
    for slot in slots:
        phrase = slot[0][0]
        for lang, name in (("en", "term"), ("de", "term_de")):
            terms = analyze(ANALYZERS[lang](), phrase)
            options = [terms] + ([v for v, _ in _verb_stems(reader, [(terms, 1.0)])] if lang == "de" else [])
            # a typo counts as the word it was read as ("straigten phase" -> "1. Straighten Phase")
            options += [analyze(ANALYZERS[lang](), c) for c in corrections.get(phrase, [])]
            found = next((o for o in options if o and all(reader.doc_frequency(name, t) for t in o)), None)
            if found:
                parts.append([Term(name, t) for t in found])
                break
        else:
            return None
    if len(parts) < 2:
        return None
    return All(tuple(t for group in parts for t in group), HEADING_BONUS)


def _or(parts: list[Node]) -> Node:
    return parts[0] if len(parts) == 1 else Any(tuple(parts))
