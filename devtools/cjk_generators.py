"""Seeded random Korean, Japanese and Chinese corpora for the parity tests of zh, ja-mecab, ko-mecab.

Lines are built from everyday phrases and then damaged the way MT output and real test sets are:
a particle or ending swapped, spacing errors (eojeol joined or split), words dropped or repeated,
mixed scripts (Latin, digits, Hanja), full-width and half-width forms, emoji, odd spaces and
empty lines.
"""

from __future__ import annotations

import random

KO_NOUNS = [
    "나",
    "저",
    "우리",
    "친구",
    "선생님",
    "학생",
    "학교",
    "회사",
    "집",
    "버스",
    "지하철",
    "커피",
    "밥",
    "책",
    "영화",
    "날씨",
    "오늘",
    "내일",
    "어제",
    "아침",
    "저녁",
    "주말",
    "시장",
    "병원",
    "공원",
    "도서관",
    "사과",
    "컴퓨터",
    "휴대폰",
    "가족",
    "동생",
    "엄마",
    "아빠",
    "비",
    "눈",
    "바다",
    "서울",
    "부산",
    "한국어",
    "번역",
]
KO_PARTICLES = [
    "은",
    "는",
    "이",
    "가",
    "을",
    "를",
    "에",
    "에서",
    "로",
    "으로",
    "와",
    "과",
    "의",
    "도",
    "만",
    "까지",
    "부터",
    "한테",
]
KO_VERBS = [
    "갔다",
    "갑니다",
    "갔어요",
    "먹었다",
    "먹어요",
    "마셨습니다",
    "읽었다",
    "봤어요",
    "좋아요",
    "좋았다",
    "왔습니다",
    "만났다",
    "만났어요",
    "공부했다",
    "일해요",
    "샀습니다",
    "내렸다",
    "추워요",
    "더웠다",
    "기다렸다",
    "살아요",
    "했다",
]
KO_EXTRA = [
    "AI",
    "GPU",
    "3.5",
    "10-20",
    "1,000",
    "100%",
    "(웃음)",
    '"인용"',
    "...",
    "?!",
    "ＡＩ",
    "１２３",
    "，",
    "！",
    "？",
    "（예）",
    "😀",
    "👍🏽",
    "★",
    "—",
    "学校",
    "漢字",
    "e.g.",
    "Seoul",
    "ｶﾀｶﾅ",
    "ㅋㅋ",
    "ㅠㅠ",
    "&amp;",
    "<b>",
]

JA_WORDS = [
    "私",
    "は",
    "が",
    "を",
    "に",
    "で",
    "と",
    "の",
    "も",
    "学校",
    "会社",
    "電車",
    "駅",
    "友達",
    "先生",
    "日本語",
    "勉強",
    "し",
    "ます",
    "ました",
    "です",
    "でした",
    "行き",
    "来",
    "食べ",
    "飲み",
    "見",
    "読み",
    "本",
    "映画",
    "コーヒー",
    "パン",
    "コンピューター",
    "スマホ",
    "今日",
    "明日",
    "昨日",
    "朝",
    "夜",
    "雨",
    "雪",
    "東京",
    "大阪",
    "とても",
    "少し",
    "おいしい",
    "寒い",
    "暑い",
    "静か",
    "な",
    "から",
    "まで",
    "、",
    "。",
    "「",
    "」",
    "ね",
    "よ",
]
JA_EXTRA = [
    "AI",
    "3.5",
    "10-20",
    "ＡＢＣ",
    "１２３",
    "！",
    "？",
    "ｶﾀｶﾅ",
    "😀",
    "✨",
    "…",
    "〜",
    "(笑)",
    "e.g.",
    "Tokyo",
    "&quot;",
    "—",
    "㈱",
    "Ⅲ",
    "①",
]

ZH_CHARS = list(
    "我你他她们是的了在有这个人不上来到时大地为子中说生国年着就那和要出也得里后自以会家可下而过天去能对小多然于心学么之都好看起发当没成只如事把还用第样道想作种开美总从无情己面最女但现前些所同日手又行意动方期它头经长儿回位分爱老因很给名法间斯知世什两次使身者被高已亲其进此话常与活正感见明问力理尔点文几定本公特做外孩相西果走将月十实向声车全信重三机工物气每并别真打太新比才便夫再书部水像眼等体却加电主界门利海受听表德少克代员许稜先口由死安写性马光白或住难望教命花结乐色更拉东神记处让母父应直字场平报友关放至张认接告入笑内英军候民岁往何度山觉路带万男边风解叫任金快原吃妈变通师立象数四失满战远格士音轻目条呢病始达深完今提求清王化空业思切怎非找片罗钱紶吗语元喜曾离飞科言干流欢约各即指合反题必该论交终林请医晚制球决窢传画保读运及则房早院量苦火布品近坐产答星精视五连司巴奇管类未朋且婚台夜青北队久乎越观落尽形影红爸百令周吧识步希亚术留市半热送兴造谈容极随演收首根讲整式取照办强石古华諣拿计您装似足双妻尼转诉米称丽客南领节衣站黑刻统断福城故历惊脸选包紧争另建维绝树系伤示愿持千史谁准联妇纪基买志静阿诗独复痛消社算"
)
ZH_EXTRA = [
    "AI",
    "3.5",
    "10-20",
    "1,000",
    "ＡＢＣ",
    "１２３",
    "，",
    "。",
    "！",
    "？",
    "“",
    "”",
    "…",
    "—",
    "《",
    "》",
    "😀",
    "☀",
    "✂",
    "𠀀",
    "𪚥",
    "Beijing",
    "e.g.",
    "&amp;",
    "(注)",
    "·",
    "％",
    "ｶﾀｶﾅ",
    "\u3000",
    "\u2003",
]


def _noise(rng: random.Random, line: str, extra: list[str]) -> str:
    """Mixed scripts, full-width forms, emoji, odd spacing; sometimes an empty or blank line."""
    r = rng.random()
    if r < 0.04:
        return ""
    if r < 0.06:
        return rng.choice(["  ", "\t", " \u3000 "])
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        parts = line.split(" ")
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(extra))
        line = " ".join(parts)
    if rng.random() < 0.1:
        line = rng.choice(["  ", " ", "\t"]) + line + rng.choice(["  ", " \t", ""])
    return line


def korean_line(rng: random.Random) -> str:
    """A simple Korean sentence: noun+particle eojeol, then a verb, sometimes punctuation."""
    words = [rng.choice(KO_NOUNS) + rng.choice(KO_PARTICLES) for _ in range(rng.randint(1, 6))]
    words.append(rng.choice(KO_VERBS) + rng.choice(["", "", ".", "!", "?", " ."]))
    return _noise(rng, " ".join(words), KO_EXTRA)


def korean_errors(rng: random.Random, line: str) -> str:
    """A Korean MT output: wrong particles and endings, spacing errors, dropped or repeated words."""
    words = line.split(" ")
    out: list[str] = []
    for w in words:
        r = rng.random()
        if r < 0.15 and len(w) > 1:  # a wrong particle or ending
            w = w[:-1] + rng.choice(KO_PARTICLES)
        elif r < 0.22:
            continue
        elif r < 0.26:
            out.append(w)
        elif r < 0.32 and len(w) > 2:  # split an eojeol
            cut = rng.randrange(1, len(w))
            w = w[:cut] + " " + w[cut:]
        out.append(w)
    if len(out) > 1 and rng.random() < 0.3:  # join two eojeol
        i = rng.randrange(len(out) - 1)
        out[i : i + 2] = [out[i] + out[i + 1]]
    return _noise(rng, " ".join(out), KO_EXTRA) if rng.random() < 0.3 else " ".join(out)


def japanese_line(rng: random.Random) -> str:
    """Japanese without spaces (sometimes with a few), from everyday words and particles."""
    words = [rng.choice(JA_WORDS) for _ in range(rng.randint(1, 16))]
    sep = rng.choice(["", "", "", " "])
    return _noise(rng, sep.join(words), JA_EXTRA)


def japanese_errors(rng: random.Random, line: str) -> str:
    return _edit_characters(rng, line, JA_WORDS)


def chinese_line(rng: random.Random) -> str:
    """Chinese characters without spaces, with punctuation, digits, Latin and symbols mixed in."""
    chars = [rng.choice(ZH_CHARS) for _ in range(rng.randint(1, 25))]
    for _ in range(rng.choice([0, 1, 2, 3])):
        chars.insert(rng.randrange(len(chars) + 1), rng.choice([*ZH_EXTRA, " ", ".", ",", "-", "5"]))
    return _noise(rng, "".join(chars), ZH_EXTRA)


def chinese_errors(rng: random.Random, line: str) -> str:
    return _edit_characters(rng, line, ZH_CHARS)


def _edit_characters(rng: random.Random, line: str, pool: list[str]) -> str:
    """Unspaced text damaged by pieces: replaced, dropped, repeated, a space inserted."""
    out: list[str] = []
    for ch in line:
        r = rng.random()
        if r < 0.08:
            out.append(rng.choice(pool))
        elif r < 0.13:
            continue
        elif r < 0.16:
            out.extend([ch, ch])
        elif r < 0.18:
            out.extend([ch, " "])
        else:
            out.append(ch)
    return "".join(out)


LANGUAGES = {
    "ko-mecab": (korean_line, korean_errors),
    "ja-mecab": (japanese_line, japanese_errors),
    "zh": (chinese_line, chinese_errors),
}


def cjk_corpus(tokenizer: str, seed: int, segments: int, nrefs: int) -> tuple[list[str], list[list[str]]]:
    """(hypotheses, reference streams) in the language of ``tokenizer``; streams[j][i] is
    reference j of segment i. Some hypotheses are unrelated lines, some equal a reference."""
    line, errors = LANGUAGES[tokenizer]
    rng = random.Random(seed)
    streams: list[list[str]] = [[] for _ in range(nrefs)]
    hyps: list[str] = []
    for _ in range(segments):
        base = line(rng)
        for j in range(nrefs):
            streams[j].append(base if j == 0 else errors(rng, base))
        r = rng.random()
        hyps.append(base if r < 0.1 else line(rng) if r < 0.2 else errors(rng, base))
    return hyps, streams
