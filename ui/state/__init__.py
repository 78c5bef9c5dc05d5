"""Every page's state, in one place because pages hand it to each other (a line opened in Explore, the Score
doctor's files saved as Corpus's input): the one mechanism that restores, saves and links a page's state
(``page``), the inputs Corpus and Compare share (``inputs``), and Explore's, Corpus's and Compare's states."""
