export default function Page() {
  return (
    <main>
      <h1>mpaisa-payment</h1>
    </main>
  );
}
