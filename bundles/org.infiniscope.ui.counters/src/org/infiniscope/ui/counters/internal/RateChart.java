package org.infiniscope.ui.counters.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swtchart.Chart;
import org.eclipse.swtchart.ILineSeries;
import org.eclipse.swtchart.ISeries;
import org.eclipse.swtchart.ISeries.SeriesType;
import org.eclipse.swtchart.LineStyle;
import org.infiniscope.ui.counters.CountersIds;

/**
 * One SWTChart line chart of rates over time: x in seconds before now, one line per series given. Lines are kept by
 * ID across updates, so a port that stays charted keeps its colour.
 */
final class RateChart {

    /** A line: its ID (shown in the legend), its points and whether it is drawn dashed (the receive side). */
    record Line(String id, double[] x, double[] y, int colour, boolean dashed) {
    }

    private static final int[] COLOURS = {SWT.COLOR_DARK_BLUE, SWT.COLOR_DARK_RED, SWT.COLOR_DARK_GREEN,
            SWT.COLOR_DARK_MAGENTA};

    private final Chart chart;

    RateChart(Composite parent, String id, String title, String yTitle) {
        chart = new Chart(parent, SWT.NONE);
        chart.setData(CountersIds.WIDGET_ID, id);
        chart.getTitle().setText(title);
        chart.getAxisSet().getXAxis(0).getTitle().setText("seconds");
        chart.getAxisSet().getYAxis(0).getTitle().setText(yTitle);
        chart.getLegend().setPosition(SWT.BOTTOM);
        // engineering notation: 481.7E6 rather than 481680000
        chart.getAxisSet().getYAxis(0).getTick().setFormat(new java.text.DecimalFormat("##0.#E0"));
    }

    Chart control() {
        return chart;
    }

    /** Shows these lines instead of the ones before. */
    void show(List<Line> lines) {
        chart.suspendUpdate(true);
        try {
            Set<String> keep = new HashSet<>();
            for (Line l : lines) {
                keep.add(l.id());
                ISeries<?> s = chart.getSeriesSet().getSeries(l.id());
                ILineSeries<?> line = s instanceof ILineSeries<?> ls
                        ? ls
                        : (ILineSeries<?>) chart.getSeriesSet().createSeries(SeriesType.LINE, l.id());
                Color c = chart.getDisplay().getSystemColor(COLOURS[l.colour() % COLOURS.length]);
                line.setLineColor(c);
                line.setSymbolColor(c);
                line.setSymbolSize(2);
                line.setLineStyle(l.dashed() ? LineStyle.DASH : LineStyle.SOLID);
                line.setXSeries(l.x());
                line.setYSeries(l.y());
            }
            for (ISeries<?> s : chart.getSeriesSet().getSeries()) {
                if (!keep.contains(s.getId())) {
                    chart.getSeriesSet().deleteSeries(s.getId());
                }
            }
            chart.getAxisSet().adjustRange();
            if (chart.getAxisSet().getYAxis(0).getRange().lower < 0) {
                var r = chart.getAxisSet().getYAxis(0).getRange();
                chart.getAxisSet().getYAxis(0).setRange(new org.eclipse.swtchart.Range(0, Math.max(1, r.upper)));
            }
        } finally {
            chart.suspendUpdate(false);
        }
        chart.redraw();
    }

    /** @return the IDs of the lines drawn */
    List<String> lineIds() {
        return java.util.Arrays.stream(chart.getSeriesSet().getSeries()).map(ISeries::getId).toList();
    }
}
