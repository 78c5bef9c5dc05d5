"""BLEU Explorer: the router. Each page is a plain script in pages/."""

import streamlit as st

st.set_page_config(page_title="BLEU Explorer", page_icon="🔵", layout="wide")

# The default page is served at "/"; its url_path "explore" stays reserved and /explore?s=...
# redirects to /?s=... (Streamlit 1.67), so shared links work with either address.
st.navigation(
    [
        st.Page("pages/explore.py", title="Explore", url_path="explore", default=True),
        st.Page("pages/learn.py", title="Learn", url_path="learn"),
        st.Page("pages/corpus.py", title="Corpus", url_path="corpus"),
        st.Page("pages/compare.py", title="Compare", url_path="compare"),
    ]
).run()
