import { lazy, type ComponentType } from "react";

/**
 * React.lazy with a preload(). The server preloads before rendering, so the
 * section renders inline in the HTML (never as a hidden, script-revealed
 * block); the browser still fetches its code as a separate chunk and React
 * keeps the server HTML until that chunk arrives.
 */
export function lazyWithPreload<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(factory);
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  Preloadable.preload = async () => {
    loaded ??= (await factory()).default;
  };
  return Preloadable;
}
