"""The two Korean tutorials' BLEU code, copied as they print it (comments shortened, prints of the
short-reference branch kept out), so that bleucore's ``tutorial`` and ``tutorial-simplified`` tools are
checked against the code itself:

- 딥 러닝을 이용한 자연어 처리 입문 (wikidocs), "BLEU Score(Bilingual Evaluation Understudy Score)",
  https://wikidocs.net/31695: simple_count .. bleu_score;
- the BLEU post of donghwa-kim.github.io, https://donghwa-kim.github.io/BLEU.html: word_ngram .. n_gram_precision.
"""

from collections import Counter

import numpy as np
from nltk import ngrams


# --- wikidocs ---------------------------------------------------------------------------------------
def simple_count(tokens, n):
    return Counter(ngrams(tokens, n))


def count_clip(candidate, reference_list, n):
    cnt_ca = simple_count(candidate, n)
    temp = dict()
    for ref in reference_list:
        cnt_ref = simple_count(ref, n)
        for n_gram in cnt_ref:
            if n_gram in temp:
                temp[n_gram] = max(cnt_ref[n_gram], temp[n_gram])
            else:
                temp[n_gram] = cnt_ref[n_gram]
    return {n_gram: min(cnt_ca.get(n_gram, 0), temp.get(n_gram, 0)) for n_gram in cnt_ca}


def modified_precision(candidate, reference_list, n):
    clip = count_clip(candidate, reference_list, n)
    total_clip = sum(clip.values())
    ct = simple_count(candidate, n)
    total_ct = sum(ct.values())
    if total_ct == 0:
        total_ct = 1
    return total_clip / total_ct


def closest_ref_length(candidate, reference_list):
    ca_len = len(candidate)
    ref_lens = (len(ref) for ref in reference_list)
    closest_ref_len = min(ref_lens, key=lambda ref_len: (abs(ref_len - ca_len), ref_len))
    return closest_ref_len


def brevity_penalty(candidate, reference_list):
    ca_len = len(candidate)
    ref_len = closest_ref_length(candidate, reference_list)
    if ca_len > ref_len:
        return 1
    elif ca_len == 0:
        return 0
    else:
        return np.exp(1 - ref_len / ca_len)


def bleu_score(candidate, reference_list, weights=[0.25, 0.25, 0.25, 0.25]):
    bp = brevity_penalty(candidate, reference_list)
    p_n = [modified_precision(candidate, reference_list, n=n) for n, _ in enumerate(weights, start=1)]
    score = np.sum([w_i * np.log(p_i) if p_i != 0 else 0 for w_i, p_i in zip(weights, p_n)])
    return bp * np.exp(score)


# --- donghwa-kim ------------------------------------------------------------------------------------
def word_ngram(sentence, num_gram):
    sentence = sentence.replace('\n', ' ').replace('\r', ' ')
    text = tuple(sentence.split(' '))
    ngrams = [text[x:x + num_gram] for x in range(0, len(text)) if x + num_gram <= len(text)]
    return list(ngrams)


def make_freqlist(ngrams):
    unique_ngrams = list(set(ngrams))
    freqlist = [0 for _ in range(len(unique_ngrams))]
    for ngram in ngrams:
        idx = unique_ngrams.index(ngram)
        freqlist[idx] += 1
    result = [unique_ngrams, freqlist]
    return result


def precision(output, target):
    result = 0
    for i in range(len(output[0])):
        if output[0][i] in target[0]:
            idx = target[0].index(output[0][i])
            result += min(output[1][i], target[1][idx])
    try:
        return result / sum(output[1])
    except ZeroDivisionError:
        return 0


def n_gram_precision(sen_out, sen_tar):
    output = []
    target = []
    sentence = sen_tar.replace('\n', ' ').replace('\r', ' ').split(' ')
    rouge_n = len(sentence) < 4
    if rouge_n:
        max_n = len(sentence) + 1
        rouge_list = []
    else:
        max_n = 5
    for i in range(1, max_n):
        n_gram = word_ngram(sen_out, i)
        out_tmp = make_freqlist(n_gram)
        output.append(out_tmp)
        n_gram2 = word_ngram(sen_tar, i)
        tar_tmp = make_freqlist(n_gram2)
        target.append(tar_tmp)
    result = 0
    n_pre = 0
    for i in range(len(output)):
        n_pre = precision(output[i], target[i])
        if rouge_n:
            rouge_list.append(n_pre)
        if i == 0:
            result = n_pre
        else:
            result *= n_pre
    if rouge_n:
        return rouge_list
    else:
        result = pow(result, 1 / (max_n - 1))
        bp = min(1, sum(output[0][1]) / sum(target[0][1]))
        return bp * result
