"""The yardstick of bench/first_view.py: a bare Streamlit app showing one st.metric, labelled as Explore's score."""

import streamlit as st

st.metric("BLEU (0–100)", "50.46")
