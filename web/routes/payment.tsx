export default function Page() {
  return (
    <main>
      <h1>payment</h1>
    </main>
  );
}
