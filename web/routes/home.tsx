export default function Page() {
  return (
    <main>
      <h1>home</h1>
    </main>
  );
}
