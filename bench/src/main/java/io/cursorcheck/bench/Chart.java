package io.cursorcheck.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A log-log line chart as SVG, written by hand: x is the number of consumers (powers of two), y
 * the cost per operation in ns; one polyline per series, a legend on the right.
 */
final class Chart {

    private static final String[] COLORS = {
        "#000000", "#7f7f7f", "#d62728", "#ff7f0e", "#1f77b4", "#9467bd", "#8c564b", "#2ca02c", "#e377c2", "#17becf"
    };
    private static final int W = 760;
    private static final int H = 420;
    private static final int LEFT = 70;
    private static final int RIGHT = 590;
    private static final int TOP = 40;
    private static final int BOTTOM = 360;

    private Chart() {}

    /**
     * The SVG document.
     *
     * @param title  the chart's title
     * @param series name to points (consumers, ns per operation), in legend order; empty series skipped
     */
    static String svg(String title, Map<String, List<double[]>> series) {
        double xMin = Double.MAX_VALUE;
        double xMax = -Double.MAX_VALUE;
        double yMin = Double.MAX_VALUE;
        double yMax = -Double.MAX_VALUE;
        for (List<double[]> points : series.values()) {
            for (double[] p : points) {
                xMin = Math.min(xMin, p[0]);
                xMax = Math.max(xMax, p[0]);
                yMin = Math.min(yMin, p[1]);
                yMax = Math.max(yMax, p[1]);
            }
        }
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                        + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                W,
                H,
                W,
                H));
        b.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        b.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"15\">%s</text>%n", LEFT, esc(title)));
        if (xMin == Double.MAX_VALUE) {
            return b.append("<text x=\"100\" y=\"200\">no data</text>\n</svg>\n")
                    .toString();
        }
        double lx0 = log2(xMin);
        double lx1 = Math.max(log2(xMax), lx0 + 1);
        double ly0 = Math.floor(Math.log10(yMin));
        double ly1 = Math.max(Math.ceil(Math.log10(yMax)), ly0 + 1);
        // grid: decades on y, powers of two on x
        for (int d = (int) ly0; d <= (int) ly1; d++) {
            double y = y(d, ly0, ly1);
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    LEFT,
                    y,
                    RIGHT,
                    y));
            b.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n",
                    LEFT - 6,
                    y + 4,
                    decade(d)));
        }
        for (int e = (int) Math.round(lx0); e <= (int) Math.round(lx1); e++) {
            double x = x(e, lx0, lx1);
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>%n",
                    x,
                    TOP,
                    x,
                    BOTTOM));
            b.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n",
                    x,
                    BOTTOM + 16,
                    1L << e));
        }
        b.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\"" + " stroke=\"#333\"/>%n",
                LEFT,
                TOP,
                RIGHT - LEFT,
                BOTTOM - TOP));
        b.append(String.format(
                Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">consumers (log scale)" + "</text>%n",
                (LEFT + RIGHT) / 2,
                BOTTOM + 36));
        b.append(String.format(
                Locale.ROOT,
                "<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\""
                        + " text-anchor=\"middle\">ns per operation (log scale)</text>%n",
                (TOP + BOTTOM) / 2,
                (TOP + BOTTOM) / 2));
        int i = 0;
        int legendY = TOP + 10;
        for (Map.Entry<String, List<double[]>> s : series.entrySet()) {
            String color = COLORS[i++ % COLORS.length];
            if (s.getValue().isEmpty()) {
                continue;
            }
            String dash = s.getKey().startsWith("floor") ? " stroke-dasharray=\"5,3\"" : "";
            StringBuilder pts = new StringBuilder();
            for (double[] p : s.getValue()) {
                double x = x(log2(p[0]), lx0, lx1);
                double y = y(Math.log10(p[1]), ly0, ly1);
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                b.append(String.format(
                        Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, y, color));
            }
            b.append(String.format(
                    Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\"" + " stroke-width=\"2\"%s/>%n",
                    pts.toString().trim(),
                    color,
                    dash));
            b.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"" + " stroke-width=\"2\"%s/>%n",
                    RIGHT + 12,
                    legendY,
                    RIGHT + 34,
                    legendY,
                    color,
                    dash));
            b.append(String.format(
                    Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", RIGHT + 40, legendY + 4, esc(s.getKey())));
            legendY += 18;
        }
        return b.append("</svg>\n").toString();
    }

    private static double log2(double v) {
        return Math.log(v) / Math.log(2);
    }

    private static double x(double lx, double lx0, double lx1) {
        return LEFT + 10 + (lx - lx0) / (lx1 - lx0) * (RIGHT - LEFT - 20);
    }

    private static double y(double ly, double ly0, double ly1) {
        return BOTTOM - (ly - ly0) / (ly1 - ly0) * (BOTTOM - TOP);
    }

    private static String decade(int d) {
        return d >= 0 && d <= 6 ? String.valueOf((long) Math.pow(10, d)) : "1e" + d;
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
