"""BLEU Explorer: the router. Each page is a plain script in app_pages/.

Not pages/: with a folder of that name, Streamlit 1.67 starts in its old folder mode, and a shared
link to a sub-page opened first on a fresh server never ran this router (tests/browser/test_first_request.py).
"""

import streamlit as st

from ui.inputs import identity
from ui.shell import i18n
from ui.shell import style as page_style
from ui.shell.i18n import _

st.set_page_config(page_title="BLEU Explorer", page_icon="🔵", layout="wide")
page_style.apply()
i18n.setup()
identity.keep_address()

# The default page is served at "/"; its url_path "explore" stays reserved and /explore?s=...
# redirects to /?s=... (Streamlit 1.67), so shared links work with either address.
st.navigation(
    [
        st.Page("app_pages/explore.py", title=_("Explore"), url_path="explore", default=True),
        st.Page("app_pages/learn.py", title=_("Learn"), url_path="learn"),
        st.Page("app_pages/corpus.py", title=_("Corpus"), url_path="corpus"),
        st.Page("app_pages/compare.py", title=_("Compare"), url_path="compare"),
        st.Page("app_pages/doctor.py", title=_("Score doctor"), url_path="doctor"),
    ]
).run()
