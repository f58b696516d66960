// `npm run dev`: the API server restarting on change (:3000) and Vite with hot reload (:5173, which
// proxies /api to the server). Ctrl-C stops both.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--watch-path=src', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', stop)
