import type { CourseHandicapSource } from '../types'
import { formatHandicapIndex } from './handicap-index'
import type { TargetOutlook } from './target-score'

export function chosenName(source: CourseHandicapSource): string {
  return source === 'whs' ? 'WHS estimate' : 'HCP'
}

/** "Shoot 84 or better here today to lower your HCP (14.2). 85 holds it." */
export function targetSentence(
  outlook: TargetOutlook,
  source: CourseHandicapSource,
  fromStartingIndex = false,
): string {
  const name = fromStartingIndex ? 'starting index' : chosenName(source)
  switch (outlook.kind) {
    case 'first-index':
      return outlook.counts
        ? 'Your first index needs 3 rounds; this one counts.'
        : 'A lone nine waits for another nine before it counts; this one would wait.'
    case 'starting-index-holds':
      return outlook.counts
        ? `Your first ${chosenName(source)} needs 3 rounds; this one counts. Your starting index (${formatHandicapIndex(outlook.index)}) holds until then.`
        : `A lone nine waits for another nine before it counts; your starting index (${formatHandicapIndex(outlook.index)}) holds.`
    case 'any-score-lowers':
      return `Any score here lowers your ${name} (${formatHandicapIndex(outlook.index)}) today.`
    case 'nine-waits':
      return `A lone nine waits for another nine, so it won't move your ${name} (${formatHandicapIndex(outlook.index)}) today.`
    case 'lower': {
      const shoot = `Shoot ${outlook.lower} or better here today to lower your ${name} (${formatHandicapIndex(outlook.index)}).`
      return outlook.hold > outlook.lower ? `${shoot} ${outlook.hold} holds it.` : shoot
    }
    case 'any-score-holds':
      return outlook.lower === null
        ? `No score lowers your ${name} (${formatHandicapIndex(outlook.index)}) today. Any score holds it.`
        : `Shoot ${outlook.lower} or better here today to lower your ${name} (${formatHandicapIndex(outlook.index)}). Any score holds it.`
    case 'none-lowers': {
      const why = outlook.leavingCounts
        ? ': the round leaving your latest 20 is one of your best 8.'
        : ' here.'
      const hold = outlook.hold === null ? '' : ` ${outlook.hold} holds it.`
      return `No score lowers your ${name} (${formatHandicapIndex(outlook.index)}) today${why}${hold}`
    }
  }
}
