/**
 * `npm run fake:smtp [-- --port=2525]`: a local mail catcher for trying the newsletter offline
 * under `npm start` (docs/newsletter.md). Prints the two lines to put in `.env`, then every message
 * it takes: envelope, subject, the headers that matter, the text part and the HTML part (also kept
 * in .data/fake-smtp/, one JSON file each). Addresses starting with 'bounce' are refused with 550,
 * to see a bounce. Ctrl-C stops it.
 */
import { startFakeSmtp } from './smtp-server.ts'

const portArg = process.argv.find((a) => a.startsWith('--port='))
const port = portArg ? Number(portArg.slice('--port='.length)) : 2525
const mailbox = '.data/fake-smtp'

const rule = (title: string) => console.log(`\n${'─'.repeat(8)} ${title} ${'─'.repeat(Math.max(0, 60 - title.length))}`)

const fake = await startFakeSmtp({
  port,
  mailbox,
  onMessage: (mail) => {
    rule(`message ${fake.messages.length}, ${mail.receivedAt}`)
    console.log(`From:    ${mail.from}`)
    console.log(`To:      ${mail.to}`)
    console.log(`Subject: ${mail.subject}`)
    for (const name of ['list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'message-id'])
      if (mail.headers[name]) console.log(`${name}: ${mail.headers[name]}`)
    rule('text')
    console.log(mail.text.trim())
    rule('html')
    console.log(mail.html.length > 4000 ? `${mail.html.slice(0, 4000)}\n… (${mail.html.length} characters)` : mail.html)
  },
})
console.log(`Fake SMTP server on ${fake.url} (127.0.0.1 only). Put these in .env, then npm start:\n`)
console.log(`SMTP_URL=${fake.url}`)
console.log('NEWSLETTER_FROM=SimRacing Hub <newsletter@localhost.example>')
console.log(
  `\nEvery message it takes is printed here and kept in ${mailbox}/. Addresses starting with 'bounce' get 550.`,
)

const stop = async () => {
  await fake.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
