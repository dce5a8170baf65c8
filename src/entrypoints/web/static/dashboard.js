// The dashboard's charts (Chart.js, vendored: chart.umd.min.js), drawn from each canvas's data-chart
// (a file, since pages allow no inline script); the same figures are in the table beside each chart.
(function () {
  var colours = ["#0b5cad", "#8a4b00", "#1a7f37", "#8250df", "#cf222e", "#57606a", "#0969da", "#bf8700", "#116329", "#a40e26"];
  function draw() {
    if (!window.Chart) return;
    document.querySelectorAll("canvas[data-chart]").forEach(function (canvas) {
      var chart = JSON.parse(canvas.dataset.chart);
      var kind = canvas.dataset.kind;
      new window.Chart(canvas, {
        type: kind,
        data: {
          labels: chart.labels,
          datasets: chart.series.map(function (series, n) {
            return { label: series.label, data: series.data, backgroundColor: colours[n % colours.length], borderColor: colours[n % colours.length] };
          })
        },
        options: {
          maintainAspectRatio: false,
          animation: false,
          scales: kind === "bar" && chart.series.length > 1 && (canvas.id === "hours_by_day-chart" || canvas.id === "exceptions-chart") ? { x: { stacked: true }, y: { stacked: true } } : {}
        }
      });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);
  else draw();
})();
