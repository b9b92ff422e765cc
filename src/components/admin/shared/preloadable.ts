import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

export interface Preloadable {
  /** Fetches the component's chunk (once); the gate calls it while the password is typed. */
  load: () => Promise<{ default: ComponentType }>
  component: LazyExoticComponent<ComponentType>
}

/**
 * `React.lazy` that does not suspend once its chunk has been loaded ahead. Plain `lazy` suspends on
 * its first render even when the module is already there, and React 19 then holds the fallback for
 * its 300 ms reveal throttle: that was most of the time between login and the first list. Here the
 * factory hands React an already-settled thenable, which React reads synchronously.
 */
export function preloadable(importer: () => Promise<{ default: ComponentType }>): Preloadable {
  let loaded: { default: ComponentType } | undefined
  let pending: Promise<{ default: ComponentType }> | undefined
  const load = () =>
    (pending ??= importer().then((module) => {
      loaded = module
      return module
    }))
  const component = lazy(() => {
    if (!loaded) return load()
    const module = loaded
    // A thenable that calls back at once: React marks the lazy component resolved before rendering.
    return { then: (resolve: (m: typeof module) => void) => resolve(module) } as Promise<typeof module>
  })
  return { load, component }
}
