// `npm run icons`: writes app/components/icons/icons.svg from lucide-react for the icons listed
// in app/components/icons/sprite-icons.ts.
import fs from 'node:fs'
import { buildSprite } from '../app/components/icons/sprite'

const file = new URL('../app/components/icons/icons.svg', import.meta.url)
fs.writeFileSync(file, buildSprite())
console.log(`Sprite écrit : ${file.pathname}`)
