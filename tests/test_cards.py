"""Cards, hands and the deck: parsing, printing, ordering, identity, the seeded deck."""

from __future__ import annotations

import copy
import pickle
import random
from base64 import b64decode

import pytest

from cribbage_edu import (
    FULL_DECK,
    Card,
    CardParseError,
    CribbageError,
    Deck,
    Hand,
    IllegalHandError,
    Rank,
    Suit,
    parse_cards,
)
from cribbage_edu.render import BLACK, RED, card_img

RANK_TEXT = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUIT_TEXT = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
ALL_TEXT = [r + s for r in RANK_TEXT for s in SUIT_TEXT]


# --- parse and print -------------------------------------------------------------------


def test_there_are_52_distinct_cards() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    assert [str(c) for c in FULL_DECK] == ALL_TEXT


@pytest.mark.parametrize("text", ALL_TEXT)
def test_parse_and_str_round_trip(text: str) -> None:
    card = Card.parse(text)
    assert str(card) == text
    assert Card.parse(str(card)) is card
    assert Card.parse(card.symbol) is card
    assert Card.parse(text.lower()) is card


@pytest.mark.parametrize("text", ALL_TEXT)
def test_repr_pastes_back(text: str) -> None:
    card = Card.parse(text)
    assert repr(card) == f"Card.parse('{text}')"
    assert eval(repr(card), {"Card": Card}) is card


def test_hand_repr_pastes_back() -> None:
    hand = parse_cards("5H 10C KS AD")
    assert repr(hand) == "Hand('5H 10C KS AD')"
    assert eval(repr(hand), {"Hand": Hand}) == hand


@pytest.mark.parametrize(
    "text", ["10H", "TH", "th", "tH", "10h", "10♥", "10♡", " 10H ", "10♥\ufe0f"])
def test_every_spelling_of_the_ten_of_hearts(text: str) -> None:
    assert Card.parse(text) is Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize(("text", "expected"), [
    ("A♠", "AS"), ("ah", "AH"), ("a♣", "AC"), ("Kd", "KD"), ("q♦", "QD"), ("j♤", "JS"),
    ("7♧", "7C"), ("2♢", "2D"),
])
def test_other_spellings(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["1X", "11H", "", "H", "10", "5Z", "1H", "ZZ", "10HH", "0H"])
def test_bad_text_raises_and_quotes_it(text: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, CribbageError)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("thing", [5, None, 4.5])
def test_non_text_raises(thing: object) -> None:
    with pytest.raises(CardParseError):
        Card.parse(thing)  # type: ignore[arg-type]


def test_card_from_rank_and_suit() -> None:
    assert Card(Rank.JACK, Suit.SPADES) is Card.parse("JS")
    assert Card(1, 0) is Card.parse("AC")
    with pytest.raises(CardParseError):
        Card(14, 0)
    with pytest.raises(CardParseError):
        Card(5, 4)


def test_symbol_name_and_colour() -> None:
    ten = Card.parse("10H")
    assert ten.symbol == "10♥"
    assert ten.name == "ten of hearts"
    assert ten.is_red and Card.parse("QD").is_red
    assert not Card.parse("QS").is_red and not Card.parse("2C").is_red


def test_values_for_fifteen_and_thirty_one() -> None:
    # RULES.md: A = 1, 2-10 face value, J Q K = 10
    expected = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    for rank_text, value in zip(RANK_TEXT, expected, strict=True):
        for suit in SUIT_TEXT:
            assert Card.parse(rank_text + suit).value == value


# --- order, hash, immutability ---------------------------------------------------------


def test_order_is_rank_ace_low_then_suit() -> None:
    assert sorted(FULL_DECK) == list(FULL_DECK)
    shuffled = list(FULL_DECK)
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled) == list(FULL_DECK)
    assert Card.parse("AS") < Card.parse("2C") < Card.parse("10D") < Card.parse("JC")
    assert Card.parse("QS") < Card.parse("KC")
    assert Card.parse("5C") < Card.parse("5D") < Card.parse("5H") < Card.parse("5S")
    assert Card.parse("KS") > Card.parse("KH") >= Card.parse("KH") <= Card.parse("KH")
    assert sorted(parse_cards("KS AH 10C")) == list(parse_cards("AH 10C KS"))


def test_comparison_with_other_types() -> None:
    card = Card.parse("5H")
    assert card != "5H"
    with pytest.raises(TypeError):
        _ = card < "6H"  # type: ignore[operator]


def test_hash_and_equality() -> None:
    assert len({Card.parse(t) for t in ALL_TEXT}) == 52
    assert hash(Card.parse("5h")) == hash(Card(Rank.FIVE, Suit.HEARTS))
    table = {Card.parse("JD"): "nobs"}
    assert table[Card.parse("j♦")] == "nobs"
    assert Card.parse("5H") == Card.parse("5♥")
    assert Card.parse("5H") != Card.parse("5D")


def test_cards_are_immutable() -> None:
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]
    with pytest.raises(AttributeError):
        card.value = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del card.suit
    assert str(card) == "5H" and card.value == 5


def test_copy_and_pickle_keep_the_one_object() -> None:
    card = Card.parse("QC")
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    hand = parse_cards("5H 5C")
    assert pickle.loads(pickle.dumps(hand)) == hand


# --- several cards ---------------------------------------------------------------------


def test_parse_cards_forms() -> None:
    expected = (Card.parse("5H"), Card.parse("5C"), Card.parse("5S"), Card.parse("JD"))
    for form in ("5H 5C 5S JD", "5H,5C,5S,JD", " 5h, 5c  5s jd ",
                 ["5H", "5C", "5S", "JD"], list(expected), iter(expected)):
        hand = parse_cards(form)
        assert isinstance(hand, tuple) and isinstance(hand, Hand)
        assert hand == expected
    assert parse_cards(Card.parse("5H")) == (Card.parse("5H"),)
    assert parse_cards("") == ()


def test_parse_cards_bad_text() -> None:
    with pytest.raises(CardParseError, match="'5X'"):
        parse_cards("5H 5X")


def test_hand_str_and_symbols() -> None:
    hand = parse_cards("5H 10C KS AD")
    assert str(hand) == "5H 10C KS AD"
    assert hand.symbols == "5♥ 10♣ K♠ A♦"
    assert Hand.parse(str(hand)) == hand


# --- the deck --------------------------------------------------------------------------


def test_deck_holds_every_card_once() -> None:
    deck = Deck(seed=1)
    assert len(deck) == 52
    assert sorted(deck) == list(FULL_DECK)


def test_deck_is_reproducible_from_a_seed() -> None:
    assert list(Deck(seed=42)) == list(Deck(seed=42))
    assert list(Deck(seed=42)) != list(Deck(seed=43))
    first, second = Deck(seed=7), Deck(seed=7)
    assert first.deal(6) == second.deal(6)
    assert first.cut() == second.cut()


def test_deck_is_reproducible_from_a_random() -> None:
    a, b = Deck(random.Random(5)), Deck(random.Random(5))
    assert list(a) == list(b)
    assert list(Deck(random.Random(5))) == list(Deck(seed=5))
    rng = random.Random(9)
    one, two = Deck(rng), Deck(rng)  # one generator shared: the second deck differs
    assert list(one) != list(two)


def test_deal_takes_from_the_top() -> None:
    deck = Deck(seed=3)
    top = list(deck)[:12]
    pone, dealer = deck.deal(6), deck.deal(6)
    assert list(pone) + list(dealer) == top
    assert len(deck) == 40
    assert not set(pone) & set(deck) and not set(dealer) & set(deck)


def test_cut_reveals_a_card_from_those_left() -> None:
    deck = Deck(seed=3)
    dealt = deck.deal(12)
    left = set(deck)
    starter = deck.cut()
    assert starter in left and starter not in dealt
    assert starter not in set(deck) and len(deck) == 39


def test_deal_too_many_raises_and_changes_nothing() -> None:
    deck = Deck(seed=3)
    deck.deal(50)
    before = list(deck)
    with pytest.raises(IllegalHandError, match="cannot deal 3 cards from a deck of 2"):
        deck.deal(3)
    with pytest.raises(IllegalHandError):
        deck.deal(-1)
    assert list(deck) == before
    deck.deal(2)
    with pytest.raises(IllegalHandError, match="empty"):
        deck.cut()


def test_stacked_deck() -> None:
    deck = Deck.stacked("5H 5C 5S JD 5D")
    assert deck.deal(4) == parse_cards("5H 5C 5S JD")
    assert deck.cut() is Card.parse("5D")
    assert len(deck) == 47
    with pytest.raises(IllegalHandError):
        Deck.stacked("5H 5H")


# --- the notebook views ----------------------------------------------------------------


def test_card_html_shows_the_face_in_its_colour() -> None:
    for text in ("10H", "QD", "AS", "7C"):
        card = Card.parse(text)
        html = card._repr_html_()
        assert html == card._repr_html_() == card_img(card)
        assert html.startswith("<img") and f'alt="{card.name}"' in html
        html = b64decode(html.split("base64,")[1].split('"')[0]).decode()  # the SVG itself
        assert card.name in html
        assert card.rank.symbol in html and card.suit.symbol in html
        colour, other = (RED, BLACK) if card.is_red else (BLACK, RED)
        assert colour in html and other not in html


def test_hand_html_shows_every_card_in_order() -> None:
    hand = parse_cards("5H 10C KS AD")
    html = hand._repr_html_()
    assert html == parse_cards("5H 10C KS AD")._repr_html_()
    names = ["five of hearts", "ten of clubs", "king of spades", "ace of diamonds"]
    places = [html.index(name) for name in names]
    assert places == sorted(places)
    svgs = [b64decode(part.split('"')[0]).decode() for part in html.split("base64,")[1:]]
    assert RED in "".join(svgs) and BLACK in "".join(svgs)


def test_the_cards_left_unseen_by_rank() -> None:
    from cribbage_edu.rules.cards import unseen_by_rank
    from cribbage_edu.rules.errors import IllegalHandError

    # 5H 5C 6D JS QH 2C seen: two fives, one each of 2, 6, J, Q gone from the 52
    left = unseen_by_rank(c.rank for c in parse_cards("5H 5C 6D JS QH 2C"))
    assert left == [0, 4, 3, 4, 4, 2, 3, 4, 4, 4, 4, 3, 3, 4]
    assert sum(left) == 46
    assert unseen_by_rank() == [0] + [4] * 13
    with pytest.raises(IllegalHandError, match="more than four cards of rank 7 seen: 5"):
        unseen_by_rank([7] * 5)
    with pytest.raises(IllegalHandError, match=r"from 1 .* to 13 .*, not 0"):
        unseen_by_rank([0, 3])
