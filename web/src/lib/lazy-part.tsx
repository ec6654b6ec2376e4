// A part of a page whose code loads on its own (the comments widget, the navbar's menus), drawn by the server like
// everything else. The server notes which parts a page drew (rendered-page.ts) and the page lists them for the browser
// (its data block's data-parts), which loads them before hydrating: every part is then drawn at once, in the first
// pass, so nothing the server drew waits for its code and a click on it is never lost. Elsewhere a part loads when
// first drawn, under the nearest Suspense boundary, as React.lazy does.
import { type ComponentType, use } from 'react'
import { useRenderedPage } from './rendered-page.ts'

const parts = new Map<string, () => Promise<unknown>>()

export function lazyPart<P extends object>(id: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const start = () =>
    (pending ??= load().then((component) => {
      loaded = component
      return component
    }))
  parts.set(id, start)
  function LazyPart(props: P) {
    const rendered = useRenderedPage()
    if (rendered) {
      rendered.parts ??= new Set()
      rendered.parts.add(id)
    }
    const Component = loaded ?? use(start())
    return <Component {...props} />
  }
  LazyPart.displayName = `LazyPart(${id})`
  return LazyPart
}

/** Loads the parts a server-rendered page drew (those known once its modules are loaded). */
export async function loadLazyParts(ids: string[]) {
  await Promise.all(ids.map((id) => parts.get(id)?.()))
}
