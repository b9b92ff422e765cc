import { describe, expect, it } from 'vitest'
import { matchFunction, type LocalFunction } from './local-functions.ts'

const fn = (name: string, paths: string[], excluded: string[] = [], extra: Partial<LocalFunction> = {}) =>
  ({
    name,
    handler: () => new Response(),
    patterns: paths.map((pathname) => new URLPattern({ pathname })),
    excluded: excluded.map((pathname) => new URLPattern({ pathname })),
    background: false,
    preferStatic: false,
    ...extra,
  }) satisfies LocalFunction

describe('matchFunction routes a request as Netlify does', () => {
  const functions = [
    fn('api', ['/api/*'], ['/api/og/*']),
    fn('og', ['/api/og/*']),
    fn('media', ['/media/:key']),
    fn('jobs-background', [], [], { background: true }),
    fn('scheduler', [], [], { schedule: '* * * * *' }),
  ]
  const name = (pathname: string) => matchFunction(functions, pathname)?.fn.name

  it('leaves a path excluded by one function to the next that claims it', () => {
    expect(name('/api/news')).toBe('api')
    expect(name('/api/og/news/3')).toBe('og')
    expect(name('/api/og')).toBe('api')
  })

  it('answers path functions on their paths only, others at /.netlify/functions/<name>', () => {
    expect(matchFunction(functions, '/media/abc.jpg')).toMatchObject({ params: { key: 'abc.jpg' } })
    expect(name('/.netlify/functions/media')).toBeUndefined()
    expect(name('/.netlify/functions/jobs-background')).toBe('jobs-background')
  })

  it('never routes a request to a scheduled function', () => {
    expect(name('/.netlify/functions/scheduler')).toBeUndefined()
  })
})
