// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { fourBall, nassau, scrambleHandicap, settle, skins } from './side-games'

describe('skins', () => {
  //        hole 1  2  3  4  5  6
  const ann = [4, 4, 5, 3, 4, 4]
  const ben = [4, 5, 5, 4, 4, 3]
  const cat = [5, 4, 5, 4, 5, 5]

  it('carries tied holes into the next won one, the last hole included', () => {
    // 1: Ann and Ben tie on 4; 2: Ann and Cat on 4; 3: all 5 → 3 carried. 4: Ann's 3 wins 1 + 3.
    // 5: Ann and Ben tie on 4 → 1 carried. 6: Ben's 3 wins 1 + 1.
    expect(skins([ann, ben, cat], true)).toEqual({
      winners: [null, null, null, 0, null, 1],
      won: [4, 2, 0],
      carried: 0,
    })
  })

  it('keeps the skins carried past the last hole in carried, won by nobody', () => {
    // As above to hole 4 (Ann 4 skins); 5: Ann and Ben tie on 4; 6: all three on 4 → 2 carried.
    const last = (row: number[]) => [...row.slice(0, 5), 4]
    expect(skins([last(ann), last(ben), last(cat)], true)).toEqual({
      winners: [null, null, null, 0, null, null],
      won: [4, 0, 0],
      carried: 2,
    })
  })

  it('without carry-over, a won hole is worth 1 and a tied hole nothing', () => {
    expect(skins([ann, ben, cat], false)).toEqual({
      winners: [null, null, null, 0, null, 1],
      won: [1, 1, 0],
      carried: 0,
    })
  })

  it('counts only players with a score; a hole nobody scores carries too', () => {
    // 1: Ann none, Ben 5, Cat 6 → Ben. 2: only Cat scores → Cat. 3: nobody → 1 carried.
    // 4: Ann and Cat none, Ben 4 → Ben, 1 + 1.
    expect(
      skins(
        [
          [null, null, null, null],
          [5, null, null, 4],
          [6, 7, null, null],
        ],
        true,
      ),
    ).toEqual({ winners: [1, 2, null, 1], won: [0, 3, 1], carried: 0 })
  })

  it('a lower score after a tie still wins the hole', () => {
    // Ann 5, Ben 5 (tied), Cat 4: Cat's 4 is alone at the lowest.
    expect(skins([[5], [5], [4]], true)).toEqual({ winners: [2], won: [0, 0, 1], carried: 0 })
  })

  it('gives nothing for no holes or no players', () => {
    expect(skins([[], []], true)).toEqual({ winners: [], won: [0, 0], carried: 0 })
    expect(skins([], true)).toEqual({ winners: [], won: [], carried: 0 })
  })
})

const W = 1
const H = 0
const L = -1
const halvedNine = [H, H, H, H, H, H, H, H, H]

describe('nassau', () => {
  it('without presses: front, back and overall are the sign of the holes up', () => {
    // Front W W L, rest halved → 1 up: won. Back L L, halved to 18 won → 1 down: lost.
    // Overall 1 − 1 = 0: halved.
    const front = [W, W, L, H, H, H, H, H, H]
    const back = [L, L, H, H, H, H, H, H, W]
    expect(nassau([...front, ...back], null)).toEqual({
      front: { from: 1, to: 9, result: 1 },
      back: { from: 10, to: 18, result: -1 },
      overall: { from: 1, to: 18, result: 0 },
      presses: [],
    })
  })

  it('presses at 2 down and presses the press', () => {
    // Front L L L L W H H H H. After 2: 2 down → press 3–9. In the press, after 4: 2 down →
    // press 5–9. After 5 the newest press is 1 up; nothing more.
    // Front −4 + 1 = −3: lost. Press 3–9: −2 + 1 = −1: lost. Press 5–9: +1: won.
    const front = [L, L, L, L, W, H, H, H, H]
    expect(nassau([...front, ...halvedNine], 2)).toEqual({
      front: { from: 1, to: 9, result: -1 },
      back: { from: 10, to: 18, result: 0 },
      overall: { from: 1, to: 18, result: -1 },
      presses: [
        { from: 3, to: 9, result: -1 },
        { from: 5, to: 9, result: 1 },
      ],
    })
  })

  it('presses in the back nine for whichever side is 2 down', () => {
    // Back (10–18) W W L L L L H H H. After 11: B 2 down → press 12–18. After 13 A is 2 down
    // in it → press 14–18. After 15 A is 2 down in that → press 16–18; 16 and 17 halved.
    // Back +2 − 4 = −2: lost. 12–18: −4: lost. 14–18: −2: lost. 16–18: 0: halved.
    const back = [W, W, L, L, L, L, H, H, H]
    expect(nassau([...halvedNine, ...back], 2)).toEqual({
      front: { from: 1, to: 9, result: 0 },
      back: { from: 10, to: 18, result: -1 },
      overall: { from: 1, to: 18, result: -1 },
      presses: [
        { from: 12, to: 18, result: -1 },
        { from: 14, to: 18, result: -1 },
        { from: 16, to: 18, result: 0 },
      ],
    })
  })

  it('never presses the overall, nor after a nine’s last hole', () => {
    // Front: 8 and 9 lost → 2 down after 9, the nine's last: no press. Back: 10 lost → back 1
    // down, overall 3 down: the overall is never pressed. 18 lost → back 2 down after the last.
    const front = [H, H, H, H, H, H, H, L, L]
    const back = [L, H, H, H, H, H, H, H, L]
    expect(nassau([...front, ...back], 2)).toEqual({
      front: { from: 1, to: 9, result: -1 },
      back: { from: 10, to: 18, result: -1 },
      overall: { from: 1, to: 18, result: -1 },
      presses: [],
    })
  })

  it('counts holes not yet played as halved, so a card in play gives its presses so far', () => {
    // 1 and 2 lost → press 3–9; nothing else played.
    expect(nassau([L, L], 2)).toEqual({
      front: { from: 1, to: 9, result: -1 },
      back: { from: 10, to: 18, result: 0 },
      overall: { from: 1, to: 18, result: -1 },
      presses: [{ from: 3, to: 9, result: 0 }],
    })
  })
})

// Eighteen holes where all four players take 4, with some holes changed.
const fours = (changes: Record<number, number | null> = {}): (number | null)[] =>
  Array.from({ length: 18 }, (_, at) => {
    const changed = changes[at + 1]
    return changed === undefined ? 4 : changed
  })

describe('fourBall', () => {
  it('"3&2": the better ball wins 1–3, then halved: 3 up with 2 to play after 16', () => {
    const result = fourBall([fours({ 1: 3, 2: 3 }), fours({ 3: 3 })], [fours(), fours()])
    expect(result).toEqual({
      holes: [W, W, W, ...Array<number>(15).fill(H)],
      up: 3,
      decidedAfter: 16,
      result: '3&2',
    })
  })

  it('dormie 2 up after 16, both last holes lost: all square', () => {
    // A wins 1 and 2; halved to 16 (2 up, 2 to play); B's better ball wins 17 and 18.
    const result = fourBall(
      [fours({ 1: 3 }), fours({ 2: 3 })],
      [fours({ 17: 3 }), fours({ 18: 3 })],
    )
    expect(result).toEqual({
      holes: [W, W, ...Array<number>(14).fill(H), L, L],
      up: 0,
      decidedAfter: null,
      result: 'All square',
    })
  })

  it('dormie 1 up after 17, the last halved: "1 up"', () => {
    const result = fourBall([fours({ 5: 3 }), fours()], [fours(), fours()])
    expect(result).toMatchObject({ up: 1, decidedAfter: 18, result: '1 up' })
  })

  it('a side with one score plays it; a side with none loses the hole; neither: halved', () => {
    // 1: Ann none, Ben 5 against Cat 4 → B. 2: Ben 3 against Cat 4, Dan 5 → A. 3: A none,
    // Cat 6 → B. 4: nobody scores → halved. Halved to 18: B 1 up, decided on the last.
    const ann = fours({ 1: null, 2: null, 3: null, 4: null })
    const ben = fours({ 1: 5, 2: 3, 3: null, 4: null })
    const cat = fours({ 3: 6, 4: null })
    const dan = fours({ 1: null, 2: 5, 3: null, 4: null })
    const result = fourBall([ann, ben], [cat, dan])
    expect(result.holes.slice(0, 5)).toEqual([L, W, L, H, H])
    expect(result).toMatchObject({ up: -1, decidedAfter: 18, result: '1 up' })
  })

  it('stops counting once decided', () => {
    // B wins 1–5: 5 down after 14 with 4 left → "5&4"; A's wins on 15–18 do not count.
    const b = fours({ 1: 3, 2: 3, 3: 3, 4: 3, 5: 3 })
    const a = fours({ 15: 3, 16: 3, 17: 3, 18: 3 })
    expect(fourBall([a, fours()], [b, fours()])).toMatchObject({
      up: -5,
      decidedAfter: 14,
      result: '5&4',
    })
  })
})

describe('scrambleHandicap', () => {
  it('gives the USGA’s 4-player example: 14', () => {
    // USGA Rules of Handicapping, Local Guidance to Rule 7 (LG_R7h5, "Scramble (4 Players)
    // Example"): 72.3 / 135 / par 72, indexes 8.4, 12.6, 23.4 and 31.2. Unrounded course
    // handicaps (index × 1350 + 339) / 1130: 11679, 17349, 31929, 42459 over 1130 (10.335…,
    // 15.353…, 28.255…, 37.574…). 25%, 20%, 15%, 10%: 2.583… + 3.070… + 4.238… + 3.757… =
    // 13.650… → 14. Given out of order: the shares go by size, not by place.
    expect(scrambleHandicap([31929 / 1130, 11679 / 1130, 42459 / 1130, 17349 / 1130])).toBe(14)
  })

  it('2 players: 35% of the lower and 15% of the higher, .5 up', () => {
    // 10 and 20: 3.5 + 3.0 = 6.5 → 7. Given higher first: the lower still takes 35%.
    expect(scrambleHandicap([20, 10])).toBe(7)
    // 0.3 and 1.3: 0.105 + 0.195 = 0.3 → 0.
    expect(scrambleHandicap([1.3, 0.3])).toBe(0)
    // 12.3 and 21.3: 4.305 + 3.195 = 7.5 → 8.
    expect(scrambleHandicap([12.3, 21.3])).toBe(8)
  })

  it('sums exactly where floats fall just short of a half', () => {
    // 0.6 and 8.6: 0.21 + 1.29 = 1.5 → 2 (floats: 1.4999… → 1).
    expect(scrambleHandicap([0.6, 8.6])).toBe(2)
    // 2.8 and 36.8: 0.98 + 5.52 = 6.5 → 7 (floats: 6.4999… → 6).
    expect(scrambleHandicap([36.8, 2.8])).toBe(7)
  })

  it('rounds a plus team handicap of −0.5 to 0, half up', () => {
    // −1 and −1: −0.35 − 0.15 = −0.5 → 0.
    expect(scrambleHandicap([-1, -1])).toBe(0)
    // −2 and 10: −0.7 + 1.5 = 0.8 → 1.
    expect(scrambleHandicap([10, -2])).toBe(1)
  })

  it('refuses a team of 3 or 5 and a course handicap that is not a number', () => {
    expect(() => scrambleHandicap([10, 12, 14])).toThrow(/2 or 4 players, got 3/)
    expect(() => scrambleHandicap([])).toThrow(/2 or 4 players, got 0/)
    expect(() => scrambleHandicap([10, Number.NaN])).toThrow(/must be a number/)
  })
})

describe('settle', () => {
  it('settles 4 players who need 3 payments, ties going to the lower place', () => {
    // +3 +1 −2 −2: no two balances cancel, so 3 payments. Most owing: 2 and 3 at −2 → 2; most
    // owed: 0 → 2 pays 0 2 (left +1 +1 0 −2). 3 pays the lower of 0 and 1 (both +1): 0, 1
    // (left 0 +1 0 −1). 3 pays 1 1.
    expect(settle([3, 1, -2, -2])).toEqual([
      { from: 2, to: 0, amount: 2 },
      { from: 3, to: 0, amount: 1 },
      { from: 3, to: 1, amount: 1 },
    ])
  })

  it('pays the most owing to the most owed, which takes 2 payments where balances pair off', () => {
    // +2 −2 +5 −5: 3 pays 2 5, then 1 pays 0 2.
    expect(settle([2, -2, 5, -5])).toEqual([
      { from: 3, to: 2, amount: 5 },
      { from: 1, to: 0, amount: 2 },
    ])
    // +4 +4 −4 −4: 2 pays 0, then 3 pays 1.
    expect(settle([4, 4, -4, -4])).toEqual([
      { from: 2, to: 0, amount: 4 },
      { from: 3, to: 1, amount: 4 },
    ])
  })

  it('needs no payment when everyone is square', () => {
    expect(settle([0, 0, 0])).toEqual([])
    expect(settle([])).toEqual([])
  })

  it('throws on balances that do not add up to 0 or are not whole numbers', () => {
    expect(() => settle([1, -2])).toThrow('Balances must add up to 0 to settle, these add up to -1')
    expect(() => settle([0.5, -0.5])).toThrow('Every balance must be a whole number to settle')
    expect(() => settle([Number.NaN, 0])).toThrow(/whole number/)
    expect(() => settle([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toThrow(
      /whole number/,
    )
  })
})
