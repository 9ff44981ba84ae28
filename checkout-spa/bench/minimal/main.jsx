// The checkout-bundle benchmark's baseline: a Preact page with a component, state and a stylesheet.
import { render } from 'preact';
import { useState } from 'preact/hooks';
import './style.css';

function App() {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>Hello</h1>
      <button type="button" onClick={() => setCount(count + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
}

render(<App />, document.getElementById('app'));
