import { useSignal } from '@preact/signals';
import type { ComponentType, FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';

/**
 * A component whose code is downloaded only when it is first shown (its own chunk): nothing renders
 * until it has arrived, and every later render has it at once.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): FunctionComponent<P> {
  let loaded: ComponentType<P> | null = null;
  return function Lazy(props: P) {
    const component = useSignal(loaded);
    useEffect(() => {
      if (!loaded) void load().then((arrived) => (component.value = loaded = arrived));
    }, []);
    const Loaded = component.value;
    return Loaded && <Loaded {...props} />;
  };
}
