import { landingMenu } from '@seguridad/contracts/web-paths';

export function LandingPage() {
  return (
    <div>
      <h1>Inicio</h1>
      {landingMenu.map((item) => (
        <section key={item.anchor} id={item.anchor}>
          <h2>{item.label}</h2>
        </section>
      ))}
    </div>
  );
}
