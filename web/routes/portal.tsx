export default function Page() {
  return (
    <main>
      <h1>portal</h1>
    </main>
  );
}
