import readline from 'node:readline/promises'

/**
 * Asks before a command that changes data: `--yes` on the command line, or « oui » typed at a
 * terminal. Without a terminal and without `--yes`, says how to confirm and answers no.
 */
export async function confirmInTerminal({
  warning,
  command,
}: {
  /** What the command is about to do, as a sentence. */
  warning: string
  /** The command to type again with `--yes`. */
  command: string
}): Promise<boolean> {
  if (process.argv.includes('--yes')) return true
  if (!process.stdin.isTTY) {
    console.error(`${warning} Confirmez avec : ${command} --yes`)
    return false
  }
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout })
  const answer = await prompt.question(`${warning} Tapez « oui » pour confirmer : `)
  prompt.close()
  return answer.trim().toLowerCase() === 'oui'
}
