"""Units of measure, by dimension: the one table the gates and the name finder read.

It imports nothing of the decider's, so that the lowest modules (the name finder among them) can
tell "Clementine 4 millilitres" (a dose) from "Colony 4" (a name).
"""

from __future__ import annotations

__all__ = ["DIGITS_ONLY", "PER_UNIT", "UNITS", "unit_word"]


def _units(*groups: tuple[str, str]) -> dict[str, tuple[str, str]]:
    """unit word -> (dimension, unit), from (dimension, "spelling spelling ...") groups of one unit."""
    out: dict[str, tuple[str, str]] = {}
    for dimension, spellings in groups:
        words = spellings.split()
        for w in words:
            out[w] = (dimension, words[0])
    return out


# Units a count is measured in: "18 kilometres" is not "18 miles", as "$18" is not "£18". Only
# units of one dimension are told apart; a unit of another dimension, or none, is another matter
# (the predicate gate's: "18 kilometres" against "18 stops").
UNITS = _units(
    ("length", "mile miles mi"), ("length", "kilometre kilometres kilometer kilometers km kms"),
    ("length", "metre metres meter meters m"), ("length", "centimetre centimetres centimeter centimeters cm"),
    ("length", "millimetre millimetres millimeter millimeters mm"), ("length", "foot feet ft"),
    ("length", "inch inches in"), ("length", "yard yards yd yds"),
    ("mass", "kilogram kilograms kilo kilos kg kgs"), ("mass", "gram grams g"), ("mass", "tonne tonnes t"),
    ("mass", "milligram milligrams mg"), ("mass", "microgram micrograms mcg"),
    ("mass", "ton tons"), ("mass", "stone st"), ("mass", "ounce ounces oz"), ("mass", "lb lbs"), ("mass", "hundredweight hundredweights cwt"),
    ("speed", "mph"), ("speed", "km/h kph kmh"), ("speed", "knot knots kn"),
    ("time", "second seconds sec secs s"), ("time", "minute minutes min mins"),
    ("time", "hour hours hr hrs h"), ("time", "day days"), ("time", "week weeks"),
    ("time", "month months"), ("time", "year years yr yrs"),
    ("volume", "litre litres liter liters l"), ("volume", "millilitre millilitres milliliter milliliters ml"),
    ("volume", "gallon gallons gal"), ("volume", "pint pints pt"),
    ("area", "acre acres"), ("area", "hectare hectares ha"),
    ("power", "watt watts w"), ("power", "kilowatt kilowatts kw"), ("power", "megawatt megawatts mw"),
    ("energy", "kilowatt-hour kilowatt-hours kwh"), ("energy", "megawatt-hour megawatt-hours mwh"),
)
# After a price's "per", "pound" is a weight.
PER_UNIT = {"pound": ("mass", "lb"), "pounds": ("mass", "lb")}
# Abbreviations that are also words or letters: a unit only right after a numeral written in digits.
DIGITS_ONLY = frozenset({"m", "mi", "in", "g", "t", "st", "s", "h", "l", "kn", "pt", "ha", "min", "sec", "w"})


def unit_word(word: str) -> tuple[str, str] | None:
    """The unit a word names on its own ("kg", "miles", "litres"), or None; not the letters that name
    one only glued to digits ("m", "in", "s")."""
    return None if word in DIGITS_ONLY else UNITS.get(word)
