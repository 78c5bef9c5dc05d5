"""The app's one palette: Okabe and Ito's colour-blind-safe colours (Wong 2011, Nature Methods 8:441) and the
status styles built from them, shared by BLEU's chips, chrF's characters, TER's edits and every chart.

Colour never carries a status alone: each style goes with a marker and words (see the views).
``.streamlit/config.toml`` gives the theme the same colours.
"""

BLUE = "#0072B2"
ORANGE = "#E69F00"
GREEN = "#009E73"
VERMILLION = "#D55E00"
GREY = "#666666"
LIGHT_GREY = "#E5E5E5"
MID_GREY = "#999999"
DARK_TEXT = "#333333"

#: Matched (BLEU's counted n-grams, chrF's matched characters).
MATCHED_CSS = f"background-color:{BLUE};color:#FFFFFF;border-bottom:3px solid #003D5C;"
#: A reference's used n-grams (what a matched candidate n-gram pairs with): light where matched is dark, a double
#: underline where matched has a solid one, and its own marker and words, so the two never look the same.
USED_CSS = f"background-color:#D4E6F1;color:#1F2328;border-bottom:3px double {BLUE};"
#: Clipped n-grams and TER's substitutions.
CLIPPED_CSS = f"background-color:{ORANGE};color:#000000;border-bottom:3px dashed #000000;"
#: Unmatched n-grams and characters, TER's insertions.
UNMATCHED_CSS = f"background-color:{LIGHT_GREY};color:{DARK_TEXT};border-bottom:3px dotted #555555;"
