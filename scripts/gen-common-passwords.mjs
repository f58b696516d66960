// Writes src/core/auth/common-passwords.json: the 10,000 most common passwords, lower-cased, from
// zxcvbn's ranked list. Run once when the list should change; the output is committed so the
// client bundles 10,000 words instead of the package's 49,000 (and the package is a dev tool only).
import { writeFileSync } from 'node:fs'
import { dictionary } from '@zxcvbn-ts/language-common'

const words = [...new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()))]
writeFileSync('src/core/auth/common-passwords.json', JSON.stringify(words) + '\n')
console.log(`wrote ${words.length} passwords`)
