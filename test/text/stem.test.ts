import { describe, expect, it } from 'vitest'
import { fold, stem, termOf } from 'legisearch'

/**
 * Light Portuguese stemming (DECISIONS §4, default mode): plural and feminine forms meet, different
 * words stay apart. Compared through `termOf(word, 'default')`, the term the index stores, and
 * through `stem(fold(word))`, the documented pipeline (stemming runs on the folded word).
 */
const term = (word: string) => termOf(word, 'default')

describe('stem: forms that must meet', () => {
  it.each([
    ['tributária', 'tributário', 'tributárias', 'tributários', 'TRIBUTÁRIA', 'Tributario'],
    ['lei', 'leis', 'Lei', 'LEIS'],
    ['ação', 'ações', 'Ação', 'AÇÕES'],
    ['nacional', 'nacionais'],
    ['federal', 'federais'],
    ['pública', 'público', 'públicas', 'públicos', 'publica'],
    ['deputado', 'deputada', 'deputados', 'deputadas'],
    ['senador', 'senadora', 'senadores'],
    ['projeto', 'projetos'],
    ['reforma', 'reformas'],
    ['parte', 'partes'],
    ['partido', 'partidos', 'partida'],
    ['órgão', 'órgãos', 'orgao'],
    ['cidadão', 'cidadãos'],
    ['civil', 'civis'],
    ['papel', 'papéis'],
    ['juiz', 'juízes', 'juízas'],
    ['mulher', 'mulheres'],
    ['mês', 'meses'],
    ['voz', 'vozes'],
    ['homem', 'homens'],
    ['lençol', 'lençóis'],
    ['medida', 'medidas', 'medido'],
    ['tributo', 'tributos'],
    // Typed without accents: default mode folds accents, so it must find at least what keyword
    // mode (folding only) finds; `acoes` is `ações` folded.
    ['acoes', 'ações', 'acao', 'ação'],
    ['eleicoes', 'eleições', 'eleicao', 'eleição'],
    ['licitacoes', 'licitações', 'licitação'],
    ['paes', 'pães', 'pão'],
    // Feminine forms of -ês words meet the masculine singular.
    ['português', 'portuguesa', 'portuguesas'],
    ['inglês', 'inglesa', 'inglesas'],
    // -se nouns meet their plural (Lucene's `-es` after `s`), which is why stressed -ês/-ís plurals
    // (`portugueses`, `países`) cannot also meet their singular once accents are folded: see README.
    ['análise', 'análises'],
    ['hipótese', 'hipóteses'],
    ['classe', 'classes'],
  ])('%s', (...forms) => {
    const first = forms[0] as string
    for (const f of forms) {
      expect(term(f), `${f} ~ ${first}`).toBe(term(first))
      expect(stem(fold(f)), `${f} ~ ${first}`).toBe(stem(fold(first)))
    }
  })
})

describe('default mode is never narrower than keyword mode', () => {
  // Two words equal after case and accent folding are equal after folding + stemming.
  it.each([
    ['ações', 'acoes'],
    ['eleições', 'ELEICOES'],
    ['Licitações', 'licitacoes'],
    ['tributárias', 'tributarias'],
    ['órgãos', 'orgaos'],
    ['papéis', 'papeis'],
    ['país', 'pais'],
  ])('%s / %s', (a, b) => {
    expect(termOf(a, 'keyword')).toBe(termOf(b, 'keyword'))
    expect(term(a)).toBe(term(b))
  })
})

describe('stem: words that must stay apart', () => {
  it.each([
    ['parte', 'partido'],
    ['partes', 'partidos'],
    ['parte', 'partida'],
    ['lei', 'leite'],
    ['lei', 'leilão'],
    ['ação', 'acionista'],
    ['nação', 'nacional'],
    ['pública', 'publicidade'],
    ['tributária', 'tributo'],
    ['senado', 'senador'],
    ['casa', 'caso'],
    ['casas', 'casos'],
    ['imposto', 'impostor'],
    ['reforma', 'reformulação'],
    ['mesa', 'mês'],
  ])('%s ≠ %s', (a, b) => {
    expect(term(a)).not.toBe(term(b))
  })
})

describe('stem: small words', () => {
  it.each(['a', 'o', 'as', 'os', 'de', 'lei', 'pai', 'mês', 'voz'])('%j (under 4 letters) is kept', (w) => {
    expect(stem(w)).toBe(w)
  })
})

describe('stem: numbers and non-Latin words pass through', () => {
  it.each(['8666', '2020', 'москва'])('%j', (w) => {
    expect(stem(w)).toBe(w)
  })
})
